import { AspectRatio, Box, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './empty-picture.module.css';

interface EmptyPictureProps {
  radius: string;
  style?: CSSProperties;
}

/** The 4:3 frame of a camp or organization without a picture: a neutral frame that says so. */
export function EmptyPicture({ radius, style }: EmptyPictureProps) {
  return (
    <AspectRatio ratio={4 / 3}>
      <Box className={classes.frame} style={{ borderRadius: radius, ...style }}>
        <IconPhoto className={classes.icon} stroke={1.5} aria-hidden />
        <Text size="sm" fw={600}>
          No photo yet
        </Text>
      </Box>
    </AspectRatio>
  );
}
