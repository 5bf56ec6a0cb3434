import { AspectRatio, Box, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import classes from './empty-picture.module.css';

/** The 4:3 frame of a camp or organization without a picture: a neutral frame that says so. */
export function EmptyPicture({ radius }: { radius: string }) {
  return (
    <AspectRatio ratio={4 / 3}>
      <Box className={classes.frame} style={{ borderRadius: radius }}>
        <IconPhoto className={classes.icon} stroke={1.5} aria-hidden />
        <Text size="sm" fw={600}>
          No photo yet
        </Text>
      </Box>
    </AspectRatio>
  );
}
