import { Box, type MantineSpacing } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './switch-field.module.css';

interface SwitchFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'role' | 'className'> {
  label: ReactNode;
  mt?: MantineSpacing;
}

/**
 * An on/off field that looks like Mantine's Switch and is a checkbox with the switch role, sent
 * with its form as a checkbox is (its value when on, nothing when off). Mantine's Switch puts a
 * <div> inside its <label>, which HTML does not allow; this is its markup with a <span> there.
 */
export function SwitchField({ label, mt, ...input }: SwitchFieldProps) {
  return (
    <Box mt={mt} className={classes.root}>
      {/* The label holds the input, which it names. */}
      <label className={classes.body}>
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a checkbox says whether it is checked itself; HTML forbids aria-checked on one. */}
        <input {...input} type="checkbox" role="switch" className={classes.input} />
        <span className={classes.track} aria-hidden="true">
          {/* Still while the visitor asks for less motion (the theme's respectReducedMotion). */}
          <span className={classes.thumb} data-reduce-motion />
        </span>
        <span className={classes.label}>{label}</span>
      </label>
    </Box>
  );
}
