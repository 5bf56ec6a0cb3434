import {
  Box,
  type BoxProps,
  type ElementProps,
  getSpacing,
  type MantineBreakpoint,
  type MantineSpacing,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './columns.module.css';

/** How many columns: one count, or a count from each breakpoint up (base for the narrowest screens). */
export type ColumnCount = number | ({ base: number } & Partial<Record<MantineBreakpoint, number>>);

interface ColumnsProps extends BoxProps, ElementProps<'div'> {
  cols: ColumnCount;
  /** Between columns, and between rows unless verticalSpacing says otherwise. */
  spacing?: MantineSpacing;
  verticalSpacing?: MantineSpacing;
  /** A list of its items (each child an <li>), or a plain block. */
  component?: 'div' | 'ul';
}

/**
 * Mantine's SimpleGrid without its <style> element: SimpleGrid writes its column counts into a
 * <style> beside itself, which HTML does not allow inside the page's body. Here the counts travel
 * as CSS variables on the element and the stylesheet's media queries pick them up, so the page
 * the server renders stays valid and is laid out before any script runs.
 */
export function Columns({
  cols,
  spacing = 'md',
  verticalSpacing,
  component = 'div',
  className,
  style,
  ...others
}: ColumnsProps) {
  const counts = typeof cols === 'number' ? { base: cols } : cols;
  const variables: Record<string, string> = {
    '--columns-spacing-x': getSpacing(spacing) ?? '',
    '--columns-spacing-y': getSpacing(verticalSpacing ?? spacing) ?? '',
  };
  for (const [breakpoint, count] of Object.entries(counts)) {
    if (count !== undefined) variables[`--columns-${breakpoint}`] = String(count);
  }
  return (
    <Box
      // A list takes the same props as the block: one type for both keeps Box's overloads apart.
      component={component as 'div'}
      className={className ? `${classes.columns} ${className}` : classes.columns}
      style={[variables as CSSProperties, style]}
      {...others}
    />
  );
}
