/**
 * Answers for workspace/configuration: the value at a dotted section path ("python.analysis")
 * in the server's settings object, the whole object for no section, and null when absent
 * (pyright, for one, waits for this answer before it analyses anything).
 */
export function settingsSection(settings: unknown, section: string | undefined): unknown {
  if (!section) return settings ?? null;
  let cur: unknown = settings;
  for (const part of section.split('.')) {
    if (cur && typeof cur === 'object' && part in (cur as Record<string, unknown>)) cur = (cur as Record<string, unknown>)[part];
    else return null;
  }
  return cur ?? null;
}
