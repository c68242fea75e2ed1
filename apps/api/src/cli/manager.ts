/** `npm run manager -- <command> [options]`: see manager-tool.ts. */
import { managerTool } from './manager-tool.ts';
import { runCli } from './run-cli.ts';

runCli(managerTool);
