import { Box, type BoxProps, type ElementProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './split.module.css';

/**
 * Two columns side by side on wide screens (from the md breakpoint), one above the other on
 * narrower ones: in place of Mantine's Grid, whose spans travel in a <style> element that HTML
 * does not allow inside the page's body.
 */
export function Split({ children }: { children: ReactNode }) {
  return (
    <Box className={classes.split}>
      <Box className={classes.inner}>{children}</Box>
    </Box>
  );
}

interface SplitColumnProps extends BoxProps, ElementProps<'div'> {
  /** Its width on a wide screen, in twelfths of the row. */
  span: number;
  /** A page section (named by aria-label or aria-labelledby), or a plain block. */
  component?: 'div' | 'section';
}

export function SplitColumn({ span, component = 'div', className, style, ...others }: SplitColumnProps) {
  // As Mantine's Grid writes a span: 5 of 12 is 41.66666666666667%.
  const width = { '--split-column-width': `${100 / (12 / span)}%` } as CSSProperties;
  return (
    <Box
      // A section takes the same props as the block: one type for both keeps Box's overloads apart.
      component={component as 'div'}
      className={className ? `${classes.column} ${className}` : classes.column}
      style={[width, style]}
      {...others}
    />
  );
}
