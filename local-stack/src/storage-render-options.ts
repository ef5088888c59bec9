/**
 * The query of `/storage/v1/render/image/*`, checked as Storage checks it:
 * Fastify's Ajv (coerceTypes "array", first error only) against
 * supabase/storage src/http/schemas/transformations.ts plus the route's
 * `download` (src/http/routes/render/renderPublicImage.ts). A refusal carries
 * Fastify's validation message, e.g. "querystring/quality must be <= 100".
 */

export type ResizeMode = "cover" | "contain" | "fill";
export type RequestedFormat = "origin" | "avif" | "webp";
export const gravities = ["no", "so", "ea", "we", "noea", "nowe", "soea", "sowe", "ce", "sm", "fp"] as const;
export type Gravity = (typeof gravities)[number];

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  format?: RequestedFormat;
  quality?: number;
  gravity?: Gravity;
  download?: string;
}

export class InvalidTransformation extends Error {}

type Rule =
  | { name: string; type: "integer"; minimum: number; maximum?: number }
  | { name: string; type: "number" }
  | { name: string; type: "enum"; values: readonly string[] }
  | { name: string; type: "string" };

// In the schema's property order, which is the order Ajv reports the first error in.
const rules: Rule[] = [
  { name: "height", type: "integer", minimum: 0 },
  { name: "width", type: "integer", minimum: 0 },
  { name: "resize", type: "enum", values: ["cover", "contain", "fill"] },
  { name: "format", type: "enum", values: ["origin", "avif", "webp"] },
  { name: "quality", type: "integer", minimum: 20, maximum: 100 },
  { name: "gravity", type: "enum", values: gravities },
  { name: "x_offset", type: "number" },
  { name: "y_offset", type: "number" },
  { name: "download", type: "string" },
];

const refuse = (name: string, message: string) => new InvalidTransformation(`querystring/${name} ${message}`);

/** Ajv's string-to-number coercion: a non-empty string that reads as a number. */
function coerceNumber(name: string, raw: string, kind: "integer" | "number"): number {
  const value = raw === "" ? Number.NaN : Number(raw);
  if (Number.isNaN(value) || (kind === "integer" && !Number.isInteger(value))) throw refuse(name, `must be ${kind}`);
  // The schema's custom `finite` keyword (src/http/finite.ts).
  if (!Number.isFinite(value)) throw refuse(name, 'must pass "finite" keyword validation');
  return value;
}

function checked(rule: Rule, raw: string): string | number {
  switch (rule.type) {
    case "integer": {
      const value = coerceNumber(rule.name, raw, "integer");
      if (value < rule.minimum) throw refuse(rule.name, `must be >= ${rule.minimum}`);
      if (rule.maximum !== undefined && value > rule.maximum) throw refuse(rule.name, `must be <= ${rule.maximum}`);
      return value;
    }
    case "number":
      return coerceNumber(rule.name, raw, "number");
    case "enum":
      if (!rule.values.includes(raw)) throw refuse(rule.name, "must be equal to one of the allowed values");
      return raw;
    case "string":
      return raw;
  }
}

/** The transformation a query asks for, or InvalidTransformation with Storage's message. */
export function parseTransformOptions(query: URLSearchParams): TransformOptions {
  const values: Record<string, string | number> = {};
  for (const rule of rules) {
    const given = query.getAll(rule.name);
    if (given.length === 0) continue;
    // coerceTypes "array" turns a one-item array into its item; two values are not one number.
    if (given.length > 1) throw refuse(rule.name, `must be ${rule.type === "enum" ? "string" : rule.type}`);
    values[rule.name] = checked(rule, given[0]!);
  }
  if (values.gravity === "fp") {
    // The schema's if/then: focal-point gravity needs both offsets, each within 0..1.
    for (const offset of ["x_offset", "y_offset"]) {
      const value = values[offset];
      if (value === undefined) throw new InvalidTransformation(`querystring must have required property '${offset}'`);
      if ((value as number) < 0) throw refuse(offset, "must be >= 0");
      if ((value as number) > 1) throw refuse(offset, "must be <= 1");
    }
  }
  return {
    width: values.width as number | undefined,
    height: values.height as number | undefined,
    resize: values.resize as ResizeMode | undefined,
    format: values.format as RequestedFormat | undefined,
    quality: values.quality as number | undefined,
    gravity: values.gravity as Gravity | undefined,
    download: values.download as string | undefined,
  };
}
