// @vitest-environment happy-dom
// React passes events up through portals, so a form submitted in a dialog that was opened from
// inside another form also submitted that outer form: a health profile saved during checkout
// paid for the places. Every dialog of the app is an AppModal, which ends its forms' events at
// the dialog; this walks the source for any other overlay that could hold a form, and checks the
// dialog in a real DOM.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { act, type FormEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppModal } from '../src/components/app-modal.tsx';

// The DOM's own URL stands in for Node's here, so the path comes from the file's folder.
// React's act() flushes renders and effects only where the test says it is its environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const webSource = join(import.meta.dirname, '../src');
/** Mantine's components that render into a portal, outside the form they are written in. */
const PORTAL_OVERLAYS = ['Modal', 'Drawer', 'Popover', 'HoverCard', 'Dialog'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(name) ? [path] : [];
  });
}

const coreImports = (text: string) =>
  [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((part) => part.trim()),
  );

describe('dialogs and the forms around them', () => {
  it('every overlay that renders into a portal is the app dialog, or holds no form', () => {
    const offenders = sourceFiles(webSource)
      .filter((file) => !file.endsWith('components/app-modal.tsx'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const overlays = coreImports(text).filter((name) => PORTAL_OVERLAYS.includes(name));
        return overlays.length > 0 && /<form\b|onSubmit=/.test(text);
      })
      .map((file) => relative(webSource, file));
    expect(offenders).toEqual([]);
  });

  it('the dialogs of the app are all opened through AppModal', () => {
    const dialogs = sourceFiles(webSource).filter((file) => readFileSync(file, 'utf8').includes('<AppModal'));
    // A floor, so the walk above cannot pass by finding nothing.
    expect(dialogs.length).toBeGreaterThan(20);
  });

  describe('a form in a dialog opened inside another form', () => {
    let root: Root | null = null;
    afterEach(() => {
      act(() => root?.unmount());
      root = null;
      document.body.innerHTML = '';
    });

    function renderNested(onOuter: () => void, onInner: () => void) {
      const container = document.createElement('div');
      document.body.append(container);
      root = createRoot(container);
      const stop = (handler: () => void) => (event: FormEvent) => {
        event.preventDefault();
        handler();
      };
      act(() => {
        root?.render(
          <MantineProvider>
            <form onSubmit={stop(onOuter)} onReset={onOuter} data-testid="outer">
              <AppModal opened onClose={() => undefined} title="Health profile">
                <form onSubmit={stop(onInner)} onReset={onInner} data-testid="inner">
                  <button type="submit">Save health profile</button>
                </form>
              </AppModal>
            </form>
          </MantineProvider>,
        );
      });
    }

    it('submits only the dialog form', () => {
      const outer = vi.fn();
      const inner = vi.fn();
      renderNested(outer, inner);
      const innerForm = document.querySelector<HTMLFormElement>('[data-testid=inner]');
      expect(innerForm).not.toBeNull();
      // The dialog is in a portal: in the page, not inside the outer form.
      expect(document.querySelector('[data-testid=outer] [data-testid=inner]')).toBeNull();
      act(() => innerForm?.querySelector('button')?.click());
      expect(inner).toHaveBeenCalledTimes(1);
      expect(outer).not.toHaveBeenCalled();
    });

    it('resets only the dialog form', () => {
      const outer = vi.fn();
      const inner = vi.fn();
      renderNested(outer, inner);
      act(() => document.querySelector<HTMLFormElement>('[data-testid=inner]')?.reset());
      expect(inner).toHaveBeenCalledTimes(1);
      expect(outer).not.toHaveBeenCalled();
    });
  });
});
