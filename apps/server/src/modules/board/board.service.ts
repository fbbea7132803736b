import type {
  BoardAnalysis,
  BoardSettingsOptions,
  CreateOutlineInput,
  SaveBoardSettingsInput,
} from '@circuits/contracts';
import {
  type BoardFacts,
  type BoardProposal,
  type BoardSettings,
  isCompleteProposal,
  proposeBoardSettings,
  toFieldMessages,
  validateBoardSettings,
  validateBoardSettingsToSave,
} from '@circuits/domain';
import { checkOutlineSize, writeOutlineGerber } from '@circuits/gerber';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import type { Transactor } from '../../db/database.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { definedOnly } from '../../lib/defined-only.ts';
import type { BoardSource, FilesService, ProductRef } from '../files/files.service.ts';
import type { BoardRepository } from './board.repository.ts';
import { defaultSettings, optionsFromLists } from './board-options.ts';

/** A product's board as pricing sees it (BoardService.pricingInputsOf). */
export type BoardPricingInput = {
  settings: BoardSettings;
  facts: BoardFacts | null;
  /** The settings pass the SPEC §5 rules against the options in force. */
  valid: boolean;
  /** The base materials offered (a cart line may choose one). */
  materials: readonly string[];
};

/** Boards whose pricing inputs are kept in memory. */
const PRICING_INPUTS_KEPT = 10_000;

export const OUTLINE_EXISTS = 'The board has an outline already: remove it from the board first';

/**
 * Board settings and what the board files propose for them. Products authorise the caller and
 * hand over the product; this area never decides who may see what.
 */
export function createBoardService(deps: {
  repository: BoardRepository;
  files: FilesService;
  clock: Clock;
  /** Without it nothing is kept in memory (tests of the service alone). */
  changes?: ChangeFeed;
  transactor?: Pick<Transactor, 'inTransaction'>;
}) {
  const { repository, files, clock } = deps;

  // What pricing reads of each board on every cart price (a cart holds up to dozens of boards,
  // re-priced on every change), and the options offered, kept while they do not change.
  const offeredCache = deps.changes
    ? createReadThroughCache<'options', BoardSettingsOptions>({
        feed: deps.changes,
        maxEntries: 1,
        bypass: deps.transactor?.inTransaction,
        invalidatedBy: { board_settings_options: 'all' },
      })
    : undefined;
  const pricingCache = deps.changes
    ? createReadThroughCache<number, BoardPricingInput>({
        feed: deps.changes,
        maxEntries: PRICING_INPUTS_KEPT,
        bypass: deps.transactor?.inTransaction,
        invalidatedBy: {
          product_board_settings: (key, cache) => cache.delete(Number(key)),
          board_analyses: (key, cache) => cache.delete(Number(key)),
          board_settings_options: 'all',
        },
      })
    : undefined;

  async function readOptions(): Promise<BoardSettingsOptions> {
    return optionsFromLists(await repository.optionLists());
  }

  async function options(): Promise<BoardSettingsOptions> {
    if (!offeredCache) return readOptions();
    return (await offeredCache.get('options', readOptions))!;
  }

  /** Reads the pricing inputs of the boards, all at once. */
  async function readPricingInputs(
    productIds: readonly number[],
  ): Promise<Map<number, BoardPricingInput>> {
    const [offered, saved, analyses] = await Promise.all([
      options(),
      repository.findSettingsOf(productIds),
      repository.findAnalysesOf(productIds),
    ]);
    const defaults = defaultSettings(offered);
    const inputs = new Map<number, BoardPricingInput>();
    for (const productId of productIds) {
      const settings = saved.get(productId) ?? defaults;
      const analysis = analyses.get(productId);
      inputs.set(productId, {
        settings,
        facts: analysis
          ? {
              widthMm: analysis.widthMm,
              lengthMm: analysis.lengthMm,
              copperLayers: analysis.copperLayers,
            }
          : null,
        valid: validateBoardSettings(settings, offered).valid,
        materials: offered.materials,
      });
    }
    return inputs;
  }

  return {
    options,

    async optionsAndDefaults() {
      const offered = await options();
      return { options: offered, defaults: defaultSettings(offered) };
    },

    /**
     * Saved settings (null until first saved) and whether the server took them from the board
     * files, no user having saved them yet.
     */
    async settingsOf(
      productId: number,
    ): Promise<{ settings: BoardSettings | null; takenFromFiles: boolean }> {
      const saved = await repository.findSettings(productId);
      return { settings: saved?.settings ?? null, takenFromFiles: saved?.takenFromFiles ?? false };
    },

    /** The settings in force: saved, or the defaults of a new board. */
    async effectiveSettings(productId: number): Promise<BoardSettings> {
      return (
        (await repository.findSettings(productId))?.settings ?? defaultSettings(await options())
      );
    },

    /**
     * After the board files were analysed (null: they give nothing to measure): while no user has
     * saved the settings, the size and layer count the files give are saved as the settings, so
     * the product is checked against what its files say; settings only the files gave follow
     * them, and go when the files no longer give a size and layer count. Settings a user saved
     * are never touched.
     */
    async adoptAnalysis(productId: number, analysis: BoardProposal | null): Promise<void> {
      const saved = await repository.findSettings(productId);
      if (saved && !saved.takenFromFiles) return;
      const offered = await options();
      const proposal =
        analysis &&
        proposeBoardSettings(saved?.settings ?? defaultSettings(offered), analysis, offered);
      if (!proposal || !isCompleteProposal(proposal.proposed)) {
        await repository.deleteSettingsTakenFromFiles(productId);
        return;
      }
      await repository.saveSettingsTakenFromFiles(productId, proposal.settings, clock.now());
    },

    /**
     * Validates the changed settings against the options in force (SPEC §5, the same domain rules
     * the form runs) and what the board files measure, and saves them; 422 with the field
     * messages otherwise.
     */
    async saveSettings(
      product: ProductRef,
      input: z.output<typeof SaveBoardSettingsInput>,
    ): Promise<BoardSettings> {
      const offered = await options();
      const base =
        (await repository.findSettings(product.id))?.settings ?? defaultSettings(offered);
      const settings: BoardSettings = {
        ...base,
        ...(definedOnly(input) as Partial<BoardSettings>),
      };
      const [sources, analysis] = await Promise.all([
        files.boardSources(product.id),
        repository.findAnalysis(product.id),
      ]);
      const boardFiles = sources.map((source) => ({
        file_type: source.fileType,
        layer_number: source.layerNumber,
      }));
      // What the server measured of the files is the floor under the declared size and layers.
      const result = validateBoardSettingsToSave(settings, boardFiles, offered, analysis ?? null);
      if (!result.valid) throw validationFailed(toFieldMessages(result.errors));
      await repository.saveSettings(product.id, { settings, takenFromFiles: false }, clock.now());
      return settings;
    },

    /**
     * What pricing needs of each product: the settings in force (saved, or a new board's
     * defaults), what the Gerber analysis measured, and whether the settings pass the SPEC §5
     * rules (only then may the board go into the cart).
     */
    async pricingInputsOf(productIds: readonly number[]): Promise<Map<number, BoardPricingInput>> {
      const cache = pricingCache;
      if (!cache) return readPricingInputs(productIds);
      // Those not kept are read together, in one batch, and kept each.
      let batch: Promise<Map<number, BoardPricingInput>> | undefined;
      const missing = productIds.filter((id) => !cache.has(id));
      const read = () => {
        batch ??= readPricingInputs(missing);
        return batch;
      };
      const inputs = await Promise.all(
        productIds.map((id) =>
          cache.get(
            id,
            async () => (await read()).get(id) ?? (await readPricingInputs([id])).get(id),
          ),
        ),
      );
      return new Map(productIds.map((id, index) => [id, inputs[index]!]));
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
      const saved = await repository.findSettings(from.id);
      if (saved) await repository.saveSettings(to.id, saved, clock.now());
      const analysis = await repository.findAnalysis(from.id);
      if (analysis) await repository.saveAnalysis({ ...analysis, productId: to.id });
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
