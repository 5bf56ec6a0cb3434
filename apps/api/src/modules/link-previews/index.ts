export { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview-pictures.ts';
export { linkPreviewRoutes } from './routes.ts';
