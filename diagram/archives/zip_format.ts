// What the zip writer and reader share: the record signatures and sizes of the format
// (PKWARE APPNOTE 6.3, without zip64, encryption or data descriptors), and the one error both throw.

export const LOCAL_HEADER = 0x04034b50;
export const CENTRAL_HEADER = 0x02014b50;
export const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
export const LOCAL_HEADER_BYTES = 30;
export const CENTRAL_HEADER_BYTES = 46;
export const END_BYTES = 22;
/** Bit 11 of the flags: the entry's name is UTF-8. */
export const UTF8_NAMES = 0x0800;
export const STORED = 0;
export const DEFLATED = 8;
/** Sizes and offsets are 32-bit without zip64: an archive stays below 4 GiB. */
export const MAX_ZIP32 = 0xffffffff;
/** Entry counts are 16-bit without zip64. */
export const MAX_ZIP32_ENTRIES = 0xffff;

/** An archive that cannot be written or read as asked; the message says why, for a person. */
export class ZipError extends Error {
  override name = "ZipError";
}
