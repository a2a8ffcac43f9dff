import { regimeDemoSeeder } from '../regime/demo.js';
import { treasuryDemoSeeder } from '../treasury/demo.js';
import { analyticsDemoSeeder } from '../analytics/demo.js';
import type { DemoSeeder } from './seed.js';
import { swarmDemoSeeder } from '../swarm/demo/seeder.js';

/**
 * Demo seeders in dependency order (each domain adds its own line). Each runs once per database.
 */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  treasuryDemoSeeder,
  regimeDemoSeeder,
  analyticsDemoSeeder,
  swarmDemoSeeder,
];
