import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog, NoticeDialog } from './dialog.tsx';

describe('dialogs', () => {
  it('close with Esc and with the close button, and trap Tab inside', () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">outside</button>
        <Dialog open title="公告" onClose={onClose} footer={<button type="button">确定</button>}>
          正文
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: '公告' });
    const close = screen.getByRole('button', { name: '关闭' });
    expect(document.activeElement).toBe(close);
    const confirm = screen.getByRole('button', { name: '确定' });
    confirm.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('gives Esc to the topmost dialog only', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const { rerender } = render(
      <>
        <Dialog open title="充值" onClose={outer}>
          外层
        </Dialog>
        <Dialog open title="首充福利" onClose={inner}>
          内层
        </Dialog>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    rerender(
      <>
        <Dialog open title="充值" onClose={outer}>
          外层
        </Dialog>
        <Dialog open={false} title="首充福利" onClose={inner}>
          内层
        </Dialog>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenCalledTimes(1);
  });

  it('confirm dialog shows its text and image and confirms', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        text="确认回收？"
        image="/img/items/1.svg"
        buttonText="回收"
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('确认回收？')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/img/items/1.svg');
    fireEvent.click(screen.getByRole('button', { name: '回收' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});

describe('notice dialog with a wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('can be closed only after 3 seconds', () => {
    const onClose = vi.fn();
    render(<NoticeDialog open title="提示" body="请仔细阅读" waitMs={3000} onClose={onClose} />);
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: /请阅读 3 秒/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: /请阅读 1 秒/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
