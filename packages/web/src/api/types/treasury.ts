// Shapes of the treasury routes, derived from the generated OpenAPI types
// (server schemas: packages/server/src/treasury/schemas.ts).
import type { JsonOf } from './openapi.js';

export type Health = JsonOf<'/health'>;
/** Where the data can be checked at its source (server: packages/server/src/site/routes.ts). */
export type SiteLinks = JsonOf<'/api/site-links'>;
export type VaultEconomics = JsonOf<'/api/dashboards/vault-economics'>;
export type Provenance = VaultEconomics['provenance'];
export type AllocationFramework = JsonOf<'/api/dashboards/allocation'>;
export type SetBy = AllocationFramework['setBy'];
export type WalletBalances = JsonOf<'/api/dashboards/wallet-balances'>;
export type Holding = WalletBalances['wallets'][number]['holdings'][number];
export type WalletSleeves = JsonOf<'/api/dashboards/wallet-sleeves'>;
export type Buybacks = JsonOf<'/api/dashboards/buybacks'>;

/** The document is generated with the default token key; a deployment configures its own. */
type TokenMetricsDocument = JsonOf<'/api/dashboards/token-metrics'>;
export type FeeSplit = TokenMetricsDocument['feeSplit'];
export type TokenQuote = TokenMetricsDocument[Exclude<keyof TokenMetricsDocument, 'feeSplit'>];
/** `{ <TOKEN_KEY>: TokenQuote, feeSplit }`: the token key is configured per deployment. */
export type TokenMetrics = Record<string, TokenQuote | FeeSplit> & { feeSplit: FeeSplit };
