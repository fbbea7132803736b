import { MARKED_COLORS, type MarkedColor } from '@circuits/domain';
import { Input } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './marked-color-picker.module.css';

/** What each palette colour (SPEC §3) is called for screen readers and tooltips. */
export const MARKED_COLOR_NAMES: Record<MarkedColor, string> = {
  '#4ae387': 'Green',
  '#e34a4a': 'Red',
  '#4ab2e3': 'Blue',
  '#db76df': 'Purple',
  '#f7cc36': 'Yellow',
  '#f3f3f3': 'Light grey',
  '#000': 'Black',
};

const DARK_COLORS = new Set<MarkedColor>(['#000', '#e34a4a']);

interface MarkedColorPickerProps {
  value: MarkedColor;
  onChange: (color: MarkedColor) => void;
  disabled?: boolean;
}

/** The palette as radio buttons: Tab reaches the group, arrow keys choose a colour. */
export function MarkedColorPicker({ value, onChange, disabled }: MarkedColorPickerProps) {
  const name = useId();
  return (
    <Input.Wrapper
      label="Colour"
      description="Marks the project's card, so it is found at a glance"
    >
      <fieldset className={classes.group} aria-label="Colour" style={{ marginTop: 6 }}>
        {MARKED_COLORS.map((color) => (
          <label key={color} className={classes.option} title={MARKED_COLOR_NAMES[color]}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={color}
              checked={value === color}
              disabled={disabled}
              onChange={() => onChange(color)}
              aria-label={MARKED_COLOR_NAMES[color]}
            />
            <span className={classes.swatch} style={{ background: color }} aria-hidden>
              {value === color ? (
                <IconCheck size={16} stroke={3} color={DARK_COLORS.has(color) ? '#fff' : '#222'} />
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
    </Input.Wrapper>
  );
}
