import { useEffect, useSyncExternalStore } from 'react';
import {
  commandState,
  setCommands,
  setCommandTarget,
  subscribeCommands,
  type Command,
  type CommandTarget,
} from '#/lib/commands.ts';

/** The command menu's actions, its target and whether it is open (lib/commands.ts). */
export const useCommandState = () => useSyncExternalStore(subscribeCommands, commandState);

/** Offers `commands` in the command menu while mounted, as `source`. */
export function useCommands(source: string, commands: readonly Command[]): void {
  useEffect(() => {
    setCommands(source, commands);
    return () => setCommands(source, []);
  }, [source, commands]);
}

/** While mounted, the business the menu's actions act on (null: none). */
export function useCommandTarget(target: CommandTarget | null): void {
  const uuid = target?.uuid;
  const name = target?.name;
  useEffect(() => {
    if (uuid === undefined || name === undefined) return;
    setCommandTarget({ uuid, name });
    return () => setCommandTarget(null);
  }, [uuid, name]);
}
