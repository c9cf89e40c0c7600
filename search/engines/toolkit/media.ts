// How image and video providers' numbers become the text SearXNG clients show: a duration in
// seconds as "m:ss" or "h:mm:ss", a size in bytes as "2.1 MB", a MIME type as the image format.

/** "4:05" or "1:02:03"; null for anything that is not a positive, finite number of seconds. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 1) return null;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

const CLOCK = /^\d{1,3}:\d\d(?::\d\d)?$/;

/** A provider's own clock text ("12:34", "1:02:03"), or null when it is not one. */
export function clockText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return CLOCK.test(trimmed) ? trimmed : null;
}

const SIZE_UNITS = ["KB", "MB", "GB", "TB"];

/** "512 B", "2.1 MB" (units of 1024, as SearXNG counts them); null for no or a negative size. */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (typeof bytes !== "number" || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/** "jpeg" from "image/jpeg", "svg+xml" from "image/svg+xml"; null for a type that is no image. */
export function imageFormat(mime: string | null | undefined): string | null {
  const type = mime?.split(";")[0].trim().toLowerCase() ?? "";
  if (!type.startsWith("image/")) return null;
  const format = type.slice("image/".length);
  return format === "" ? null : format;
}

/** "1920 x 1080" from two sizes; null unless both are positive numbers. */
export function resolution(width: unknown, height: unknown): string | null {
  const valid = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
  return valid(width) && valid(height) ? `${Math.round(width)} x ${Math.round(height)}` : null;
}
