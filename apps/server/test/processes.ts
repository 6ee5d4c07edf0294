/** Tests look at the processes they started by pid (never by name: another copy of the product may run beside). */
import fs from 'node:fs';

/** Whether a process exists and is not a zombie waiting for its parent to read its end. */
export function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
