import { Button } from './ui';

/** A detail page (a plugin, a car) whose load failed for another reason than "not found". */
export function ItemLoadError({
  text,
  retryText,
  onRetry,
  backText,
  onBack,
}: {
  text: string;
  retryText: string;
  onRetry: () => void;
  backText: string;
  onBack: () => void;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p role="alert" className="text-lg text-rose-200">
        {text}
      </p>
      <div className="mt-6 flex justify-center gap-2">
        <Button variant="outline" onClick={onRetry}>
          {retryText}
        </Button>
        <Button variant="outline" onClick={onBack}>
          {backText}
        </Button>
      </div>
    </div>
  );
}
