import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBytes } from '../lib/format';
import {
  DROP_ZONE_TEXT,
  FileDropZone,
  fileProblem,
  IMAGE_TYPES,
  ZIP_ACCEPT,
  type FileDropZoneProps,
} from './file-drop-zone';

const TYPE = 'Choose a PNG, JPG or GIF';
const SIZE = 'The image must be 1 KB or smaller';
const check = (file: File) =>
  fileProblem(file, { kind: 'image', maxBytes: 1024, typeMessage: TYPE, sizeMessage: SIZE });

/** The zone as a page holds it: the chosen file in state, every change recorded. */
function Holder({ onChange, ...props }: Partial<FileDropZoneProps> & { onChange?: (f: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDropZone
      label="Banner image"
      hint="PNG, JPG or GIF, up to 1 KB."
      accept={IMAGE_TYPES.join(',')}
      prompt={DROP_ZONE_TEXT.dropImage}
      check={check}
      file={file}
      onChange={(f) => {
        setFile(f);
        onChange?.(f);
      }}
      {...props}
    />
  );
}

const png = (name = 'banner.png', bytes = 600) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const environmentUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
let made: string[];
let revoked: string[];

beforeEach(() => {
  made = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:preview-${++n}`;
    made.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  // Put back the test environment's own, for the files that run after this one in the worker.
  URL.createObjectURL = environmentUrl.createObjectURL;
  URL.revokeObjectURL = environmentUrl.revokeObjectURL;
});

describe('FileDropZone', () => {
  it('is a labelled file input reached with Tab, opened with Enter or Space, with its hint', async () => {
    render(<Holder />);
    const input = screen.getByLabelText('Banner image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PNG, JPG or GIF, up to 1 KB.');
    expect(screen.getByText(DROP_ZONE_TEXT.dropImage)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.tab();
    expect(input).toHaveFocus();
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: ' ' });
    fireEvent.keyDown(input, { key: 'a' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows the chosen file with its size and a preview, says so to screen readers, and Clear drops it', async () => {
    const onChange = vi.fn();
    const { unmount } = render(<Holder onChange={onChange} />);
    const user = userEvent.setup();
    const file = png();
    await user.upload(screen.getByLabelText('Banner image'), file);

    expect(onChange).toHaveBeenLastCalledWith(file);
    expect(screen.getByText('banner.png')).toBeInTheDocument();
    expect(screen.getByText(`(${formatBytes(600)})`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: DROP_ZONE_TEXT.preview('banner.png') })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      DROP_ZONE_TEXT.chosen('Banner image', 'banner.png', formatBytes(600)),
    );
    expect(screen.getByLabelText('Banner image')).toHaveAccessibleDescription(
      `PNG, JPG or GIF, up to 1 KB. banner.png (${formatBytes(600)})`,
    );
    expect(screen.getByText(DROP_ZONE_TEXT.replace)).toBeInTheDocument();

    // A second file replaces the preview; the first one's URL is let go.
    await user.upload(screen.getByLabelText('Banner image'), png('other.gif', 10));
    expect(screen.getByRole('img', { name: DROP_ZONE_TEXT.preview('other.gif') })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    expect(revoked).toEqual(['blob:preview-1']);

    await user.click(screen.getByRole('button', { name: DROP_ZONE_TEXT.clearFile('Banner image') }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(DROP_ZONE_TEXT.cleared('Banner image'));
    expect(screen.getByLabelText('Banner image')).toHaveFocus();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);

    await user.upload(screen.getByLabelText('Banner image'), png('third.png'));
    unmount();
    expect(revoked).toEqual(made);
  });

  it('refuses a file that breaks the rules with its message, and takes nothing', async () => {
    const onChange = vi.fn();
    render(<Holder onChange={onChange} />);
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Banner image');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(TYPE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(TYPE);
    await user.upload(input, png('huge.png', 2048));
    expect(screen.getByRole('alert')).toHaveTextContent(SIZE);
    expect(onChange).not.toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    await user.upload(input, png());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('FileDropZone: dragging, progress and the image in place', () => {
  it('shows a drag-over state and takes a dropped file through the same check', () => {
    const onChange = vi.fn();
    render(<Holder onChange={onChange} />);
    const zone = screen.getByTestId('drop-zone');
    const file = png('dropped.png');

    fireEvent.dragEnter(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    expect(screen.getByText(DROP_ZONE_TEXT.dropNow)).toBeInTheDocument();
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone).not.toHaveAttribute('data-dragging');

    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'song.mp3', { type: 'audio/mpeg' })] } });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(screen.getByRole('alert')).toHaveTextContent(TYPE);
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByText('dropped.png')).toBeInTheDocument();
  });

  it('shows the upload progress and an outside error, and takes nothing while disabled', () => {
    const onChange = vi.fn();
    const file = new File(['zip'], 'source.zip', { type: 'application/zip' });
    const { rerender } = render(
      <FileDropZone
        label="Source ZIP"
        accept={ZIP_ACCEPT}
        file={file}
        onChange={onChange}
        progress={40}
        progressLabel="Source upload progress"
        disabled
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Source upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: DROP_ZONE_TEXT.clearFile('Source ZIP') })).toBeDisabled();
    expect(screen.getByLabelText('Source ZIP')).toBeDisabled();
    // Not an image: no preview.
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [new File(['z'], 'other.zip')] } });
    expect(onChange).not.toHaveBeenCalled();

    rerender(
      <FileDropZone
        label="Source ZIP"
        accept={ZIP_ACCEPT}
        file={file}
        onChange={onChange}
        error="The archive has no .sln file"
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The archive has no .sln file');
    expect(screen.getByLabelText('Source ZIP')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the image in place until a new one is chosen', async () => {
    render(<Holder current={{ src: '/files/banner.webp', alt: 'Current banner' }} />);
    expect(screen.getByRole('img', { name: 'Current banner' })).toHaveAttribute('src', '/files/banner.webp');
    const user = userEvent.setup();
    await act(() => user.upload(screen.getByLabelText('Banner image'), png()));
    expect(screen.queryByRole('img', { name: 'Current banner' })).toBeNull();
    expect(screen.getByRole('img', { name: DROP_ZONE_TEXT.preview('banner.png') })).toBeInTheDocument();
  });
});

describe('fileProblem', () => {
  const zip = { kind: 'zip', maxBytes: 10, typeMessage: 'zip only', sizeMessage: 'too big' } as const;
  it('takes images by type, or by extension when the browser gave none, and ZIPs by name', () => {
    expect(check(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(check(new File(['x'], 'a.GIF'))).toBeNull();
    expect(check(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(TYPE);
    expect(fileProblem(new File(['x'], 'src.ZIP'), zip)).toBeNull();
    expect(fileProblem(new File(['x'], 'src.rar'), zip)).toBe('zip only');
    expect(fileProblem(new File([new Uint8Array(11)], 'src.zip'), zip)).toBe('too big');
  });
});
