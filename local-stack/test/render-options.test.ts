/**
 * The stand-in's reading of a render query against Storage's schema
 * (supabase/storage src/http/schemas/transformations.ts, checked by Fastify's
 * Ajv) and the messages Ajv words. Needs no running stack.
 */
import { describe, expect, it } from "vitest";
import { parseTransformOptions } from "../src/storage-render-options.ts";

const parse = (query: string) => parseTransformOptions(new URLSearchParams(query));

describe("render query", () => {
  it("reads the transformation, numbers as numbers, absent ones undefined", () => {
    expect(parse("width=300&height=200&resize=contain&quality=75&format=origin&download=a.jpg")).toEqual({
      width: 300,
      height: 200,
      resize: "contain",
      format: "origin",
      quality: 75,
      gravity: undefined,
      download: "a.jpg",
    });
    expect(parse("")).toEqual({});
    // 0 passes the schema's minimum and means "not constrained" (image.ts applyTransformation).
    expect(parse("width=0").width).toBe(0);
  });

  it("reports the first failing parameter in the schema's order", () => {
    expect(() => parse("quality=5&height=-2")).toThrow("querystring/height must be >= 0");
    expect(() => parse("width=")).toThrow("querystring/width must be integer");
    expect(() => parse("width=1&width=2")).toThrow("querystring/width must be integer");
    expect(() => parse("x_offset=Infinity")).toThrow('querystring/x_offset must pass "finite" keyword validation');
    expect(() => parse("gravity=middle")).toThrow("querystring/gravity must be equal to one of the allowed values");
  });

  it("needs both offsets within 0-1 for focal-point gravity", () => {
    expect(() => parse("gravity=fp&x_offset=0.5")).toThrow("querystring must have required property 'y_offset'");
    expect(() => parse("gravity=fp&x_offset=1.5&y_offset=0.5")).toThrow("querystring/x_offset must be <= 1");
    expect(parse("gravity=fp&x_offset=0&y_offset=1").gravity).toBe("fp");
    expect(parse("gravity=no&x_offset=12&y_offset=-4").gravity).toBe("no");
  });
});
