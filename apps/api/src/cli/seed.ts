/** `npm run seed -- --businesses N [--seed S]`: see seed-tool.ts. */
import { runCli } from './run-cli.ts';
import { seedTool } from './seed-tool.ts';

runCli(seedTool);
