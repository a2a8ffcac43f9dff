/** The data-version name of the third-party analytics dataset: every import bumps it. */
export const ANALYTICS_DATASET = 'analytics';
