/** `npm run backup -- FILE`: see backup-tool.ts. */
import { backupTool, withAbsoluteFiles } from './backup-tool.ts';
import { runCli } from './run-cli.ts';

runCli(backupTool, withAbsoluteFiles(process.argv.slice(2)));
