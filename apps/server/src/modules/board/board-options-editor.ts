import {
  applyBoardOptionChange,
  BOARD_OPTION_LISTS,
  type BoardOptionChange,
  type BoardOptionKey,
  type BoardOptionListName,
  type BoardOptionListSpec,
  type BoardOptionValue,
  boardOptionList,
  optionKey,
  sameOption,
} from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import type { BoardRepository } from './board.repository.ts';
import { optionsFromLists } from './board-options.ts';

/** A list as offered, each option with the number of saved boards choosing it. */
export type OptionListInUse = {
  spec: BoardOptionListSpec;
  options: { value: BoardOptionValue; boards: number }[];
};

/** What a change did to a list. */
export type OptionListChange = {
  before: BoardOptionValue[];
  after: BoardOptionValue[];
  /** Saved boards whose choice was renamed with the option. */
  boardsUpdated: number;
};

/**
 * The offered lists as administrators edit them. Every instance's Board tab, issue checker and
 * pricing follow a saved change: the list's row announces it (trigger of migration 0013).
 */
export function createBoardOptionsEditor(deps: { repository: BoardRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function offered(): Promise<Record<BoardOptionListName, readonly BoardOptionValue[]>> {
    return optionsFromLists(await repository.optionLists()) as unknown as Record<
      BoardOptionListName,
      readonly BoardOptionValue[]
    >;
  }

  return {
    async listsInUse(): Promise<OptionListInUse[]> {
      const [lists, counts] = await Promise.all([
        offered(),
        repository.choiceCounts(BOARD_OPTION_LISTS.map((spec) => spec.settingsField)),
      ]);
      return BOARD_OPTION_LISTS.map((spec) => ({
        spec,
        options: lists[spec.name].map((value) => ({
          value,
          boards: counts
            .filter(
              (count) =>
                count.field === spec.settingsField &&
                (typeof count.value === 'string' || typeof count.value === 'number') &&
                sameOption(count.value, optionKey(value)),
            )
            .reduce((sum, count) => sum + count.boards, 0),
        })),
      }));
    },

    /** The products whose saved settings choose the option. */
    productsChoosing(name: BoardOptionListName, option: BoardOptionKey): Promise<number[]> {
      return repository.productsChoosing(boardOptionList(name).settingsField, option);
    },

    /**
     * Applies one change to a list (in the caller's transaction, the list locked meanwhile);
     * saved boards choosing a renamed option follow it. 422 or 409 as the rules answer.
     */
    async change(name: BoardOptionListName, change: BoardOptionChange): Promise<OptionListChange> {
      const spec = boardOptionList(name);
      const now = clock.now();
      const inForce = (await offered())[name];
      await repository.lockOptionList(name, inForce, now);
      // Read again under the lock: the list as it is now, not as this instance last saw it.
      const before = [...(await offered())[name]];
      const result = applyBoardOptionChange(spec, before, change);
      if (result.type === 'invalid') throw validationFailed(result.fields);
      if (result.type === 'conflict') throw conflict(result.message);
      await repository.saveOptionList(name, result.values, now);
      let boardsUpdated = 0;
      if (change.type === 'rename') {
        const from = optionKey(
          before.find((value) => sameOption(optionKey(value), change.option))!,
        );
        const to = optionKey(result.values[before.findIndex((v) => optionKey(v) === from)]!);
        if (from !== to) {
          boardsUpdated = await repository.replaceChoice(spec.settingsField, from, to, now);
        }
      }
      return { before, after: result.values, boardsUpdated };
    },
  };
}

export type BoardOptionsEditor = ReturnType<typeof createBoardOptionsEditor>;
