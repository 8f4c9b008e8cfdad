//! The words for why GC chose its victim, all from the core, so a policy added there needs no
//! edit here: the victim's own text (`last_gc.reason`, core `gc_policy::Reason::name`), else the
//! name the info payload gives its code (`SsdInfo.gc_reasons[code]`), else the bare code.

export function reasonText(code: number, reason: string, gcReasons: readonly string[]): string {
  if (reason !== "") return reason;
  const name = gcReasons[code];
  return name !== undefined && name !== "" ? name.replace(/_/g, " ") : `reason ${code}`;
}
