import { createPolymorphicComponent, ThemeIcon, type ThemeIconProps } from '@mantine/core';

/**
 * Mantine's ThemeIcon, which renders a <div>, able to render a <span> (component="span") where
 * HTML allows only inline content: a List item's icon, inside the item's <span>. ThemeIcon passes
 * `component` on to its Box; only its types leave it out.
 */
export const InlineThemeIcon = createPolymorphicComponent<'div', ThemeIconProps>(ThemeIcon);
