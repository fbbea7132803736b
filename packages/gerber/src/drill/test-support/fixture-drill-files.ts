// The drill and rout files of the shared fixtures, for the suites and the scripts: every file of
// a folder that is Excellon by its content, with the folder's Allegro nc_param.txt as options.

import { sniffFiletype } from '../../identify/sniff-filetype.ts';
import type { ParseOptions } from '../../options.ts';
import { exists, listFiles, listFolders, readText } from '../../test-support/fixture-files.ts';
import { parseDrillParams } from '../drill-params.ts';

export interface FixtureDrillFile {
  /** Folder below the fixtures, e.g. `gerber/usbvil`. */
  folder: string;
  name: string;
  path: string;
  text: string;
  /** From the folder's nc_param.txt sidecar, when it has one. */
  options: ParseOptions;
}

const NOT_LAYERS = /\.(?:md|svg|json)$|^nc_param\.txt$/;

function isDrill(text: string): boolean {
  try {
    return sniffFiletype(text, { sync: true }) === 'drill';
  } catch {
    return false;
  }
}

/** The drill files of one folder and its sub-folders. */
export function drillFilesIn(fixtures: string, folder: string): FixtureDrillFile[] {
  const path = `${fixtures}/${folder}`;
  const options = exists(`${path}/nc_param.txt`)
    ? parseDrillParams(readText(`${path}/nc_param.txt`))
    : {};
  const own = listFiles(path)
    .filter((name) => !NOT_LAYERS.test(name))
    .map((name) => ({
      folder,
      name,
      path: `${path}/${name}`,
      text: readText(`${path}/${name}`),
      options,
    }))
    .filter((file) => isDrill(file.text));
  const nested = listFolders(path).flatMap((sub) => drillFilesIn(fixtures, `${folder}/${sub}`));
  return [...own, ...nested];
}

/** The board and feature-test folders of the fixtures (`gerber/*`, `gerber-large/*`). */
export function fixtureFolders(fixtures: string): string[] {
  return ['gerber', 'gerber-large'].flatMap((group) =>
    exists(`${fixtures}/${group}`)
      ? listFolders(`${fixtures}/${group}`).map((name) => `${group}/${name}`)
      : [],
  );
}

/** Every drill and rout file of the fixtures. */
export function allDrillFiles(fixtures: string): FixtureDrillFile[] {
  return fixtureFolders(fixtures).flatMap((folder) => drillFilesIn(fixtures, folder));
}
