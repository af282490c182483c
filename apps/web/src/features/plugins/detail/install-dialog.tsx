import { Button, Dialog } from '../../../components/ui';
import { BAKKESMOD_URL, INSTALL_TEXT as T } from '../constants';

/** The install helper (§2): three steps, Try Again re-opens the link, Close closes. */
export function InstallDialog({
  open,
  link,
  onRetry,
  onClose,
}: {
  open: boolean;
  link: string;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={T.title} description={T.description} hideClose>
      <div data-testid="install-dialog" data-install-link={link}>
        <ol className="mb-4 space-y-3">
          {T.steps.map((step, i) => (
            <li key={step} className="flex items-start gap-3 text-sm text-slate-200">
              <span
                className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-sky-500 text-xs font-bold text-slate-950"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <p className="mb-5 text-sm text-slate-400">
          {T.noBakkesMod}{' '}
          <a
            href={BAKKESMOD_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sky-300 underline underline-offset-2 hover:text-sky-200"
          >
            bakkesmod.com
          </a>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {T.close}
          </Button>
          <Button onClick={onRetry}>{T.tryAgain}</Button>
        </div>
      </div>
    </Dialog>
  );
}
