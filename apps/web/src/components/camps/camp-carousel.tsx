import { CAMP_IMAGE_SLOTS } from '@campwise/contract/camp-image-slots';
import type { CampDetail } from '@campwise/contract/camps';
import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import classes from './camp-carousel.module.css';
import { CampImage } from './camp-image.tsx';

/** The camp's photos in slot order; a slot without one is null. */
export function campSlides(images: CampDetail['images']) {
  return CAMP_IMAGE_SLOTS.map((position) => ({
    position,
    image: images.find((image) => image.slot === position) ?? null,
  }));
}

/** How wide the carousel shows on the camp profile: half of the 1200 px page from md up. */
const CAROUSEL_SIZES = '(min-width: 75em) 568px, (min-width: 62em) 50vw, 100vw';

interface CampCarouselProps {
  campName: string;
  images: CampDetail['images'];
}

/**
 * Three slides with previous/next buttons and dots (the WAI-ARIA carousel pattern). Only the
 * current slide is shown; the arrow keys move between slides when the carousel has focus.
 */
export function CampCarousel({ campName, images }: CampCarouselProps) {
  const slides = campSlides(images);
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const go = (index: number) => setCurrent((index + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
  };

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={`Photos of ${campName}`}
      onKeyDown={onKeyDown}
    >
      <Box className={classes.frame}>
        <Box aria-live="polite">
          {slides.map((slide, index) => (
            <Box
              key={slide.position}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              hidden={index !== current}
            >
              <CampImage
                image={slide.image}
                size="large"
                sizes={CAROUSEL_SIZES}
                alt={`${campName}, photo ${index + 1}`}
                eager={index === 0}
                radius="0"
              />
            </Box>
          ))}
        </Box>
        <ActionIcon
          className={`${classes.arrow} ${classes.previous}`}
          variant="white"
          size="xl"
          radius="xl"
          aria-label="Previous photo"
          onClick={() => go(current - 1)}
        >
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <ActionIcon
          className={`${classes.arrow} ${classes.next}`}
          variant="white"
          size="xl"
          radius="xl"
          aria-label="Next photo"
          onClick={() => go(current + 1)}
        >
          <IconChevronRight aria-hidden />
        </ActionIcon>
      </Box>
      <Group justify="center" gap={4} mt="xs">
        {slides.map((slide, index) => (
          <UnstyledButton
            key={slide.position}
            className={classes.dot}
            aria-label={`Show photo ${index + 1}`}
            aria-current={index === current}
            onClick={() => go(index)}
          />
        ))}
        <Text size="sm" c="gray.7" ml="xs" aria-hidden>
          {current + 1} / {count}
        </Text>
      </Group>
    </Box>
  );
}
