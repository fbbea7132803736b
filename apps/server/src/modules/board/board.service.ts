import type {
  BoardAnalysis,
  BoardSettingsOptions,
  CreateOutlineInput,
  SaveBoardSettingsInput,
} from '@circuits/contracts';
import { type BoardSettings, toFieldMessages, validateBoardSettingsToSave } from '@circuits/domain';
import { checkOutlineSize, writeOutlineGerber } from '@circuits/gerber';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { definedOnly } from '../../lib/defined-only.ts';
import type { BoardSource, FilesService, ProductRef } from '../files/files.service.ts';
import type { BoardRepository } from './board.repository.ts';
import { defaultSettings, optionsFromLists } from './board-options.ts';

export const OUTLINE_EXISTS = 'The board has an outline already: remove it from the board first';

/**
 * Board settings and what the board files propose for them. Products authorise the caller and
 * hand over the product; this area never decides who may see what.
 */
export function createBoardService(deps: {
  repository: BoardRepository;
  files: FilesService;
  clock: Clock;
}) {
  const { repository, files, clock } = deps;

  async function options(): Promise<BoardSettingsOptions> {
    return optionsFromLists(await repository.optionLists());
  }

  return {
    options,

    async optionsAndDefaults() {
      const offered = await options();
      return { options: offered, defaults: defaultSettings(offered) };
    },

    /** Saved settings; null until the product's settings are first saved. */
    async settingsOf(productId: number): Promise<BoardSettings | null> {
      return (await repository.findSettings(productId)) ?? null;
    },

    /** The settings in force: saved, or the defaults of a new board. */
    async effectiveSettings(productId: number): Promise<BoardSettings> {
      return (await repository.findSettings(productId)) ?? defaultSettings(await options());
    },

    /**
     * Validates the changed settings against the options in force (SPEC §5, the same domain rules
     * the form runs) and saves them; 422 with the field messages otherwise.
     */
    async saveSettings(
      product: ProductRef,
      input: z.output<typeof SaveBoardSettingsInput>,
    ): Promise<BoardSettings> {
      const offered = await options();
      const base = (await repository.findSettings(product.id)) ?? defaultSettings(offered);
      const settings: BoardSettings = {
        ...base,
        ...(definedOnly(input) as Partial<BoardSettings>),
      };
      const boardFiles = (await files.boardSources(product.id)).map((source) => ({
        file_type: source.fileType,
        layer_number: source.layerNumber,
      }));
      const result = validateBoardSettingsToSave(settings, boardFiles, offered);
      if (!result.valid) throw validationFailed(toFieldMessages(result.errors));
      await repository.saveSettings(product.id, settings, clock.now());
      return settings;
    },

    async analysisOf(productId: number): Promise<BoardAnalysis | null> {
      const row = await repository.findAnalysis(productId);
      if (!row) return null;
      return {
        widthMm: row.widthMm,
        lengthMm: row.lengthMm,
        copperLayers: row.copperLayers,
        sizeFrom: row.sizeFrom as BoardAnalysis['sizeFrom'],
        analysedAt: row.analysedAt.toISOString(),
      };
    },

    /**
     * Draws a rectangular outline (SPEC route /createOutline) and puts it on the board as its
     * outline file. A board keeps one outline: an existing one must be removed first.
     */
    async createOutline(product: ProductRef, input: z.output<typeof CreateOutlineInput>) {
      const size = {
        width: input.width,
        length: input.length,
        radius: input.radius ?? 0,
        units: input.units,
      };
      const problems = checkOutlineSize(size);
      if (problems.length > 0) {
        throw validationFailed(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      }
      const oneOutline = (onBoard: readonly BoardSource[]) => {
        if (onBoard.some((source) => source.fileType === 'outline')) {
          throw conflict(OUTLINE_EXISTS);
        }
      };
      // Checked first so a refused outline is never written; checked again as it is saved.
      oneOutline(await files.boardSources(product.id));
      const number = (value: number) => String(Number(value.toFixed(4)));
      return files.addGeneratedBoardFile(
        product,
        {
          name: `outline-${number(size.width)}x${number(size.length)}${size.units}.gbr`,
          text: writeOutlineGerber(size),
          fileType: 'outline',
          reason: 'created on the board tab',
        },
        oneOutline,
      );
    },

    /** Gives a copied product the settings and analysis of its original (in the caller's transaction). */
    async copyBoard(from: ProductRef, to: ProductRef): Promise<void> {
      const settings = await repository.findSettings(from.id);
      if (settings) await repository.saveSettings(to.id, settings, clock.now());
      const analysis = await repository.findAnalysis(from.id);
      if (analysis) await repository.saveAnalysis({ ...analysis, productId: to.id });
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
