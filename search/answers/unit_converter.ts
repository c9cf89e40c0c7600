// The `unit_converter` plugin: "<number> <unit> to|in|as <unit>" → "6.21371192237 mi", as
// SearXNG answers (the value and the target's symbol). Units are a table of our own (SearXNG
// reads Wikidata's): length, mass, volume, area, temperature, speed, data (SI and IEC) and time.
// Names are looked up whole in a map, so a unit in any script is one failed lookup, never slow.
import type { AnswerContext } from "./answerer.ts";
import { formatNumber, numberStyle, parseNumber } from "./numbers.ts";

type Dimension = "length" | "mass" | "volume" | "area" | "temperature" | "speed" | "data" | "time";

interface Unit {
  /** What the answer writes after the value. */
  symbol: string;
  dimension: Dimension;
  /** In the dimension's base unit: base = value × factor + offset. */
  factor: number;
  offset: number;
}

/** [symbol, base units per unit, other spellings (names, plurals, other symbols)]. */
type Row = [string, number, string[]];

const INCH = 0.0254;
const FOOT = 0.3048;
const MILE = 1609.344;
const GALLON = 3.785411784;

const TABLE: Record<Exclude<Dimension, "temperature">, Row[]> = {
  // metres
  length: [
    ["m", 1, ["metre", "metres", "meter", "meters"]],
    ["km", 1e3, ["kilometre", "kilometres", "kilometer", "kilometers"]],
    ["cm", 1e-2, ["centimetre", "centimetres", "centimeter", "centimeters"]],
    ["mm", 1e-3, ["millimetre", "millimetres", "millimeter", "millimeters"]],
    ["µm", 1e-6, ["um", "micrometre", "micrometres", "micrometer", "micrometers", "micron"]],
    ["nm", 1e-9, ["nanometre", "nanometres", "nanometer", "nanometers"]],
    ["mi", MILE, ["mile", "miles"]],
    ["yd", 0.9144, ["yard", "yards"]],
    ["ft", FOOT, ["foot", "feet", "′"]],
    ["in", INCH, ["inch", "inches", "″"]],
    ["nmi", 1852, ["nautical mile", "nautical miles"]],
  ],
  // kilograms
  mass: [
    ["kg", 1, ["kilogram", "kilograms", "kilo", "kilos"]],
    ["g", 1e-3, ["gram", "grams", "gramme", "grammes"]],
    ["mg", 1e-6, ["milligram", "milligrams"]],
    ["t", 1e3, ["tonne", "tonnes", "metric ton", "metric tons"]],
    ["lb", 0.45359237, ["lbs", "pound", "pounds"]],
    ["oz", 0.028349523125, ["ounce", "ounces"]],
    ["st", 6.35029318, ["stone", "stones"]],
  ],
  // litres
  volume: [
    ["l", 1, ["L", "litre", "litres", "liter", "liters"]],
    ["ml", 1e-3, ["mL", "millilitre", "millilitres", "milliliter", "milliliters"]],
    ["cl", 1e-2, ["cL", "centilitre", "centilitres", "centiliter", "centiliters"]],
    ["dl", 0.1, ["dL", "decilitre", "decilitres", "deciliter", "deciliters"]],
    ["m³", 1e3, ["m3", "cubic metre", "cubic metres", "cubic meter", "cubic meters"]],
    ["cm³", 1e-3, ["cm3", "cc", "cubic centimetre", "cubic centimetres", "cubic centimeter"]],
    ["gal", GALLON, ["gallon", "gallons", "us gal"]],
    ["qt", GALLON / 4, ["quart", "quarts"]],
    ["pt", GALLON / 8, ["pint", "pints"]],
    ["cup", GALLON / 16, ["cups"]],
    ["fl oz", GALLON / 128, ["floz", "fluid ounce", "fluid ounces"]],
    ["tbsp", GALLON / 256, ["tablespoon", "tablespoons"]],
    ["tsp", GALLON / 768, ["teaspoon", "teaspoons"]],
  ],
  // square metres
  area: [
    ["m²", 1, ["m2", "sq m", "square metre", "square metres", "square meter", "square meters"]],
    ["km²", 1e6, ["km2", "sq km", "square kilometre", "square kilometres", "square kilometers"]],
    ["cm²", 1e-4, ["cm2", "sq cm", "square centimetre", "square centimetres"]],
    ["ha", 1e4, ["hectare", "hectares"]],
    ["acre", 4046.8564224, ["acres", "ac"]],
    ["ft²", FOOT * FOOT, ["ft2", "sq ft", "square foot", "square feet"]],
    ["in²", INCH * INCH, ["in2", "sq in", "square inch", "square inches"]],
    ["mi²", MILE * MILE, ["mi2", "sq mi", "square mile", "square miles"]],
  ],
  // metres per second
  speed: [
    ["m/s", 1, ["mps", "metres per second", "meters per second"]],
    ["km/h", 1 / 3.6, ["kmh", "kph", "kilometres per hour", "kilometers per hour"]],
    ["mph", MILE / 3600, ["mi/h", "miles per hour"]],
    ["kn", 1852 / 3600, ["kt", "knot", "knots"]],
    ["ft/s", FOOT, ["fps", "feet per second"]],
  ],
  // bytes; byte units first, so that a lower-case "mb" is read as megabytes
  data: [
    ["B", 1, ["byte", "bytes"]],
    ["kB", 1e3, ["KB", "kilobyte", "kilobytes"]],
    ["MB", 1e6, ["megabyte", "megabytes"]],
    ["GB", 1e9, ["gigabyte", "gigabytes"]],
    ["TB", 1e12, ["terabyte", "terabytes"]],
    ["PB", 1e15, ["petabyte", "petabytes"]],
    ["KiB", 2 ** 10, ["kibibyte", "kibibytes"]],
    ["MiB", 2 ** 20, ["mebibyte", "mebibytes"]],
    ["GiB", 2 ** 30, ["gibibyte", "gibibytes"]],
    ["TiB", 2 ** 40, ["tebibyte", "tebibytes"]],
    ["PiB", 2 ** 50, ["pebibyte", "pebibytes"]],
    ["bit", 1 / 8, ["b", "bits"]],
    ["kbit", 1e3 / 8, ["Kb", "kilobit", "kilobits"]],
    ["Mbit", 1e6 / 8, ["Mb", "megabit", "megabits"]],
    ["Gbit", 1e9 / 8, ["Gb", "gigabit", "gigabits"]],
    ["Tbit", 1e12 / 8, ["Tb", "terabit", "terabits"]],
  ],
  // seconds
  time: [
    ["s", 1, ["sec", "secs", "second", "seconds"]],
    ["ms", 1e-3, ["millisecond", "milliseconds"]],
    ["min", 60, ["mins", "minute", "minutes"]],
    ["h", 3600, ["hr", "hrs", "hour", "hours"]],
    ["d", 86400, ["day", "days"]],
    ["wk", 604800, ["week", "weeks"]],
    ["yr", 31557600, ["year", "years"]],
  ],
};

// Kelvin is the base: K = value × factor + offset.
const TEMPERATURES: [string, number, number, string[]][] = [
  ["K", 1, 0, ["kelvin", "kelvins"]],
  ["°C", 1, 273.15, ["C", "celsius", "degree celsius", "degrees celsius", "centigrade"]],
  ["°F", 5 / 9, 459.67 * 5 / 9, ["F", "fahrenheit", "degree fahrenheit", "degrees fahrenheit"]],
];

/** Every spelling as written, and lower-cased (first come keeps a lower-cased spelling). */
const exact = new Map<string, Unit>();
const folded = new Map<string, Unit>();

function register(unit: Unit, spellings: string[]) {
  for (const spelling of [unit.symbol, ...spellings]) {
    if (!exact.has(spelling)) exact.set(spelling, unit);
    const lower = spelling.toLowerCase();
    if (!folded.has(lower)) folded.set(lower, unit);
  }
}

for (const [dimension, rows] of Object.entries(TABLE)) {
  for (const [symbol, factor, spellings] of rows) {
    register({ symbol, dimension: dimension as Dimension, factor, offset: 0 }, spellings);
  }
}
for (const [symbol, factor, offset, spellings] of TEMPERATURES) {
  register({ symbol, dimension: "temperature", factor, offset }, spellings);
}

function unitNamed(name: string): Unit | null {
  return exact.get(name) ?? folded.get(name.toLowerCase()) ?? null;
}

/** Longer queries are no conversion; the limit keeps every lookup short. */
const MAX_QUERY_LENGTH = 100;
const KEYWORDS = new Set(["to", "in", "as"]);

/** "10 km", "10km", "-40 °C" as a value and its unit. */
function measure(text: string, language: string): { value: number; unit: Unit } | null {
  const style = numberStyle(language);
  // The number is everything up to the first character that cannot be part of one.
  let split = 0;
  while (split < text.length && "0123456789.,'’eE+-\u2212".includes(text[split])) split++;
  // "1e3 m" keeps its exponent, "5 ft" is not 5e…: back off an "e" that starts the unit.
  for (let end = split; end > 0; end--) {
    const value = parseNumber(text.slice(0, end), style);
    if (value === null) continue;
    const unit = unitNamed(text.slice(end).trim());
    return unit ? { value, unit } : null;
  }
  return null;
}

export function unitConverter(query: string, context: AnswerContext): string | null {
  if (query.length > MAX_QUERY_LENGTH) return null;
  const words = query.trim().split(" ").filter((word) => word !== "");
  // "5 in to cm": "in" is a unit there, so every keyword is tried as the separator in turn.
  for (let index = 1; index < words.length - 1; index++) {
    if (!KEYWORDS.has(words[index].toLowerCase())) continue;
    const from = measure(words.slice(0, index).join(" "), context.language);
    const target = unitNamed(words.slice(index + 1).join(" "));
    if (!from || !target) continue;
    if (from.unit.dimension !== target.dimension) return null;
    const base = from.value * from.unit.factor + from.unit.offset;
    const written = formatNumber(
      (base - target.offset) / target.factor,
      numberStyle(context.language),
    );
    return written === null ? null : `${written} ${target.symbol}`;
  }
  return null;
}
