/** Native binaries in a bundle: ELF files, and which CPU each was built for (from the ELF header's e_machine). */

/** e_machine values of the architectures a Lambda function can have, and of the usual wrong ones. */
const MACHINES: Record<number, string> = { 3: 'x86', 40: 'arm', 62: 'x86_64', 183: 'arm64' };

/** Lambda's architecture names (the template's `Architectures`) are also the names used here. */
export type LambdaArch = 'arm64' | 'x86_64';

export function isElf(head: Uint8Array): boolean {
  return head.length >= 20 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46;
}

/** The CPU an ELF file was built for ('arm64', 'x86_64', ...), or undefined when the bytes are not an ELF header. */
export function elfArch(head: Uint8Array): string | undefined {
  if (!isElf(head)) return undefined;
  // e_machine: a 16-bit field at offset 18, in the byte order given by EI_DATA (1 = little, 2 = big endian)
  const machine = head[5] === 2 ? (head[18]! << 8) | head[19]! : head[18]! | (head[19]! << 8);
  return MACHINES[machine] ?? `e_machine ${machine}`;
}

/**
 * A CPython extension module is loaded only by the interpreter version its name carries
 * (`_yaml.cpython-311-x86_64-linux-gnu.so` never by python3.13): such a file cannot break the function.
 */
export function unloadableByRuntime(file: string, runtime: string | undefined): boolean {
  const tag = /\.cpython-(\d)(\d+)-/.exec(file);
  const python = /^python(\d)\.(\d+)$/.exec(runtime ?? '');
  return !!tag && !!python && `${tag[1]}.${tag[2]}` !== `${python[1]}.${python[2]}`;
}
