import { PageHeader } from '../../components/layout.js';
import { AllocationSection } from './allocation-section.js';
import { BuybacksSection, TokenSection } from './token-section.js';
import { VaultSection } from './vault-section.js';
import { WalletsSection } from './wallets-section.js';

export function TreasuryPage() {
  return (
    <section>
      <PageHeader
        title="Treasury"
        lead="The service's own vault, its allocation targets beside what the wallets really hold, the token and its buybacks. Anything not marked live is an estimate."
      />
      <nav class="toc" aria-label="On this page">
        <a href="#vault">Vault</a> · <a href="#allocation">Allocation</a> ·{' '}
        <a href="#wallets">Wallets</a> · <a href="#token">Token</a> ·{' '}
        <a href="#buybacks">Buybacks</a>
      </nav>
      <VaultSection />
      <AllocationSection />
      <WalletsSection />
      <TokenSection />
      <BuybacksSection />
    </section>
  );
}
