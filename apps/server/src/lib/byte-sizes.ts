const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/** A byte count as a limit is named in messages: "16 MB", "512 KB", "2.5 MB", "300 bytes". */
export function describeBytes(bytes: number): string {
  if (bytes >= GIB && bytes % GIB === 0) return `${bytes / GIB} GB`;
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MB` : `${bytes} bytes`;
}
