/**
 * Where the operator console lives in the web app (issue 23). The app's route table mounts the
 * console under `CONSOLE_ROOT/*`; each section's own path is relative to it (sections.tsx).
 * Kept in a module of its own, free of React and zod, because the route table is in the first load.
 */
export const CONSOLE_ROOT = '/admin';

export function consolePath(sectionPath: string): string {
  return `${CONSOLE_ROOT}/${sectionPath}`;
}
