/** `npm run simulate -- --clients N [--rate R]`: see simulate-tool.ts. */
import { runCli } from './run-cli.ts';
import { simulateTool } from './simulate-tool.ts';

runCli(simulateTool);
