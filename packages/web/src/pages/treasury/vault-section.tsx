import type { VaultEconomics } from '../../api/types/treasury.js';
import { Async } from '../../components/async-view.js';
import { Freshness, ProvenanceBadge, Stat } from '../../components/badges.js';
import { count, pct, sharePrice, usd } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Hash } from '../../components/hash.js';

export function VaultSection() {
  const vault = useResource<VaultEconomics>('/api/dashboards/vault-economics');
  return (
    <section id="vault" class="card" data-testid="vault">
      <h2>
        Own vault <span class="muted small">ERC-4626 on the layer-2</span>
      </h2>
      <Async resource={vault} what="vault economics">
        {(v) => <VaultBody vault={v} />}
      </Async>
    </section>
  );
}

function VaultBody({ vault }: { vault: VaultEconomics }) {
  const capUse =
    vault.depositCapUsd !== null && vault.depositCapUsd > 0
      ? vault.tvlUsd / vault.depositCapUsd
      : null;
  return (
    <>
      <p class="meta">
        <Freshness asOf={vault.asOf} stale={vault.stale} />{' '}
        <ProvenanceBadge provenance={vault.provenance} />{' '}
        <span class="muted small">
          <Hash value={vault.vaultAddress} what="vault address" explorer="address" />
        </span>
      </p>
      <div class="stats">
        <Stat
          label="TVL (own vault)"
          value={usd(vault.tvlUsd)}
          testId="vault-tvl"
          hint="not the analytics vault total"
        />
        <Stat
          label="Share price"
          value={sharePrice(vault.sharePrice)}
          hint={`${count(vault.totalShares)} shares`}
        />
        <Stat label="APY 7d" value={pct(vault.apy.apy7d, 2)} hint={vault.apy.basis} />
        <Stat label="APY 30d" value={pct(vault.apy.apy30d, 2)} />
        <Stat
          label="Deposit cap"
          value={usd(vault.depositCapUsd)}
          hint={capUse === null ? 'no cap' : `${pct(capUse)} used`}
        />
        <Stat label="Idle" value={usd(vault.idleUsd)} />
      </div>
      {capUse !== null ? (
        <div class="meter" title={`${pct(capUse)} of the deposit cap`}>
          <div class="meter-fill money" style={{ width: `${Math.min(1, capUse) * 100}%` }} />
        </div>
      ) : null}
      <ScrollRegion label="Vault adapters">
        <table class="table">
          <caption>Adapters (three lending protocols)</caption>
          <thead>
            <tr>
              <th>Adapter</th>
              {/* The adapter's name says its protocol: on a phone the column steps aside. */}
              <th class="hide-phone">Protocol</th>
              <th class="num" data-primary>
                Balance
              </th>
              <th>Share</th>
              <th>Provenance</th>
            </tr>
          </thead>
          <tbody>
            {vault.adapters.map((a) => (
              <tr key={a.address}>
                <td>
                  {a.name}{' '}
                  <span class="muted small">
                    <Hash value={a.address} what="asset address" explorer="address" />
                  </span>
                </td>
                <td class="hide-phone">{a.protocol}</td>
                <td class="num" data-primary>
                  {usd(a.balanceUsd)}
                </td>
                <td>
                  <span class="bar-cell">
                    <span class="bar money" style={{ width: `${a.share * 100}%` }} />
                    <span class="small">{pct(a.share)}</span>
                  </span>
                </td>
                <td>
                  <ProvenanceBadge provenance={a.provenance} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
