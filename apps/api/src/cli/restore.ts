/** `npm run restore -- FILE [--force]`: see restore-tool.ts. */
import { withAbsoluteFiles } from './backup-tool.ts';
import { restoreTool } from './restore-tool.ts';
import { runCli } from './run-cli.ts';

runCli(restoreTool, withAbsoluteFiles(process.argv.slice(2)));
