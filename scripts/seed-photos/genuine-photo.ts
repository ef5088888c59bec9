/**
 * A genuine multi-MB camera photo with EXIF, taken at run time from an npm
 * package rather than kept in git: the MIT-licensed `exif` package (0.6.0)
 * ships its test fixture `test/sony-alpha-6000.jpg`, Paris at dusk from the
 * Tour Montparnasse, 6000×4000, 6.4 MB, EXIF Make SONY, Model ILCE-6000.
 * `npm pack` fetches it once (checked against the registry's integrity hash)
 * into .local/seed-photos/. The fixture carries no GPS position and
 * orientation 1; `withExif` writes the variants the seed needs (GPS, and
 * orientation 6 as a phone held upright writes it) without re-encoding a pixel.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import piexif from "piexifjs";
import { repoRoot } from "../stack-env.ts";

const fixturePackage = "exif@0.6.0";
const fixturePath = "package/test/sony-alpha-6000.jpg";
const cacheDir = path.join(repoRoot, ".local", "seed-photos");

/** The fixture's bytes, fetched with `npm pack` on first use. */
export function genuinePhoto(): Buffer {
  const cached = path.join(cacheDir, path.basename(fixturePath));
  if (!fs.existsSync(cached)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const [{ filename }] = JSON.parse(
      execFileSync("npm", ["pack", fixturePackage, "--json", "--pack-destination", cacheDir], { encoding: "utf8" }),
    ) as { filename: string }[];
    execFileSync("tar", ["-xzf", path.join(cacheDir, filename), "-C", cacheDir, "--strip-components=2", fixturePath]);
    fs.rmSync(path.join(cacheDir, filename));
  }
  return fs.readFileSync(cached);
}

export type ExifChanges = { orientation?: number; gps?: { latitude: number; longitude: number; altitudeM: number } };

/** The photo with these EXIF fields set; the camera's own fields are kept. */
export function withExif(jpeg: Buffer, changes: ExifChanges): Buffer {
  const binary = jpeg.toString("binary");
  const exif = piexif.load(binary);
  if (changes.orientation) exif["0th"] = { ...exif["0th"], [piexif.ImageIFD.Orientation]: changes.orientation };
  if (changes.gps) {
    const { latitude, longitude, altitudeM } = changes.gps;
    exif.GPS = {
      ...exif.GPS,
      [piexif.GPSIFD.GPSVersionID]: [2, 3, 0, 0],
      [piexif.GPSIFD.GPSLatitudeRef]: latitude >= 0 ? "N" : "S",
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(Math.abs(latitude)),
      [piexif.GPSIFD.GPSLongitudeRef]: longitude >= 0 ? "E" : "W",
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(Math.abs(longitude)),
      [piexif.GPSIFD.GPSAltitudeRef]: 0,
      [piexif.GPSIFD.GPSAltitude]: [Math.round(altitudeM * 10), 10],
    };
  }
  return Buffer.from(piexif.insert(piexif.dump(exif), binary), "binary");
}
