import {
  CAR_BANNER_MAX_BYTES,
  CAR_DESCRIPTION_MAX,
  carUpsertRequest,
  decodeCarCode,
  describeBody,
  type CarDetail,
} from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DROP_ZONE_TEXT, FileDropZone, fileProblem, IMAGE_TYPES } from '../../components/file-drop-zone';
import { MarkdownField } from '../../components/markdown-field';
import { Alert, Button, TextField } from '../../components/ui';
import { errorText, isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { carKeys, carsApi } from './api';
import { carMessage, carsT, CARS_EN, useCarMessage, useCarsT } from './cars-text';

type Field = 'name' | 'code' | 'description';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'code', 'description'];

/** Client-side banner checks before the upload (the server checks the content again). */
export function bannerFileError(file: File): string | null {
  return fileProblem(file, {
    kind: 'image',
    maxBytes: CAR_BANNER_MAX_BYTES,
    typeMessage: CARS_EN.messages.bannerType,
    sizeMessage: CARS_EN.messages.bannerTooLarge,
  });
}

/**
 * What the code field says as the member types, in the reader's language: the decoded body and item
 * count, or the decoder's error.
 */
export function codeStatus(code: string, t = carsT()): { ok: true; text: string } | { ok: false; text: string } | null {
  if (!code.trim()) return null;
  const decoded = decodeCarCode(code);
  if (!decoded.ok) return { ok: false, text: carMessage(t, decoded.message) };
  const { loadout } = decoded;
  const items = loadout.blue.items.length + (loadout.blueIsOrange ? 0 : loadout.orange.items.length);
  // Core's 'No body' (a team without one) in the reader's language; body names are the game's.
  const body = describeBody(loadout)
    .split(' / ')
    .map((part) => (part === CARS_EN.form.noBody ? t('form.noBody') : part))
    .join(' / ');
  return { ok: true, text: t('form.codeValid', { body, count: items }) };
}

/** The first message per field of a failed check (ours or the server's 400). */
function fieldErrors(entries: Iterable<[string, string | undefined]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of entries) {
    const field = FIELDS.find((f) => f === key);
    if (field && message && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The car upload and edit form: Name (3 to 64), Car Code (checked as you type with the shared
 * decoder), Description (markdown, Write/Preview, up to 5000) and an optional banner uploaded after
 * the car is saved, with a progress bar. On success it goes to the car's page.
 */
export function CarForm({ car }: { car?: CarDetail }) {
  const t = useCarsT();
  const message = useCarMessage();
  const mode = car ? 'edit' : 'create';
  const client = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(car?.name ?? '');
  const [code, setCode] = useState(car?.code ?? '');
  const [description, setDescription] = useState(car?.description ?? '');
  const [banner, setBanner] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'uploading'>('idle');
  const [progress, setProgress] = useState(0);

  const status = codeStatus(code, t);
  // Errors are kept as they came (core's checks, the server's answer) and shown in the reader's language.
  const shown = (text: string | null | undefined) => (text ? message(text) : null);
  const codeError = shown(errors.code) ?? (status && !status.ok ? status.text : null);
  const busy = phase !== 'idle';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = carUpsertRequest.safeParse({ name, code, description });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setPhase('saving');
    let saved: CarDetail;
    try {
      saved = car ? await carsApi.update(car.id, parsed.data) : await carsApi.create(parsed.data);
    } catch (err) {
      setPhase('idle');
      if (isApiError(err) && err.status === 400) {
        const byField = fieldErrors(Object.entries(err.errors ?? {}).map(([k, v]) => [k, v[0]]));
        setErrors(byField);
        if (Object.keys(byField).length === 0) setFormError(errorText(err));
      } else {
        setFormError(mode === 'create' ? CARS_EN.form.createFailed : CARS_EN.form.updateFailed);
      }
      return;
    }
    client.setQueryData(carKeys.detail(saved.id), saved);
    if (banner) {
      setPhase('uploading');
      setProgress(0);
      try {
        const { bannerUrl } = await carsApi.uploadBanner(saved.id, banner, setProgress);
        client.setQueryData(carKeys.detail(saved.id), { ...saved, bannerUrl });
      } catch (err) {
        // The car itself is saved: say what failed and go on to its page, where the owner can edit again.
        toast.error(t('form.bannerFailed', { message: message(errorText(err, CARS_EN.messages.bannerType)) }));
      }
    }
    void client.invalidateQueries({ queryKey: carKeys.lists() });
    void client.invalidateQueries({ queryKey: carKeys.bodies() });
    toast.success(mode === 'create' ? t('form.created') : t('form.updated'));
    void navigate(`/cars/${saved.id}`);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {formError && <Alert variant="error">{message(formError)}</Alert>}

      <TextField
        label={t('form.name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={shown(errors.name)}
        required
        placeholder={t('form.namePlaceholder')}
        autoComplete="off"
      />

      <TextField
        label={t('form.code')}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (errors.code) setErrors((x) => ({ ...x, code: undefined }));
        }}
        error={codeError}
        success={status?.ok ? status.text : null}
        required
        spellCheck={false}
        autoComplete="off"
        placeholder={t('form.codePlaceholder')}
        className="font-mono"
      />

      <MarkdownField
        value={description}
        onChange={(v) => {
          setDescription(v);
          if (errors.description) setErrors((x) => ({ ...x, description: undefined }));
        }}
        error={shown(errors.description)}
        max={CAR_DESCRIPTION_MAX}
        label={t('form.description')}
        tabsLabel={t('form.descriptionTabs')}
        hint={t('form.markdownHint')}
        texts={{
          write: t('form.write'),
          preview: t('form.preview'),
          previewEmpty: t('form.previewEmpty'),
          counter: (length, max) => t('form.counter', { length, max }),
        }}
      />

      <FileDropZone
        label={t('form.banner')}
        hint={t('form.bannerHint')}
        accept={IMAGE_TYPES.join(',')}
        prompt={DROP_ZONE_TEXT.dropImage}
        check={(file) => shown(bannerFileError(file))}
        file={banner}
        onChange={setBanner}
        disabled={busy}
        progress={phase === 'uploading' ? progress : null}
        progressLabel={t('form.bannerProgress')}
        current={car?.bannerUrl ? { src: car.bannerUrl, alt: t('form.currentBanner') } : null}
        imageClassName="aspect-video w-full max-w-md rounded-lg"
      />

      <div className="flex flex-wrap gap-2 border-t border-slate-800 pt-5">
        <Button type="submit" disabled={busy}>
          {phase === 'saving'
            ? mode === 'create'
              ? t('form.creating')
              : t('form.saving')
            : phase === 'uploading'
              ? t('form.uploadingBanner')
              : mode === 'create'
                ? t('form.create')
                : t('form.save')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => void navigate(car ? `/cars/${car.id}` : '/cars')}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
