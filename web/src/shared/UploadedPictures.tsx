import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { FileUpload, type UploadedFile } from '../components/FileUpload';
import type { FilePurpose } from '../gql/graphql';
import { serverFieldErrors } from './error-policy';
import { isPdf, Thumbnail, usePictureStyles, type PictureNoun } from './PictureList';

// SHELL-28: the pictures a buyer attaches to a request (feedback, a return) while writing it.
const useStyles = makeStyles({
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, justifyItems: 'center', fontSize: tokens.fontSizeBase200 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * SHELL-28: the pictures a form attaches, kept beside the form's own fields: `bind` goes to PictureUpload, `ids` into
 * the mutation's input, and `showRefusal(failure)` shows the upstream's message on the input's `field` (imageIds,
 * photoIds) under them, or clears it.
 */
export function useAttachedPictures(field: string) {
  const [pictures, setPictures] = useState<readonly UploadedFile[]>([]);
  const [error, setError] = useState<string | undefined>();
  return {
    bind: { pictures, onChange: setPictures, error },
    ids: pictures.map((picture) => picture.id),
    showRefusal: (failure: unknown) =>
      setError(CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors)?.[field] : undefined),
    clear: () => {
      setPictures([]);
      setError(undefined);
    },
  };
}

/**
 * SHELL-28: the pictures a buyer attaches to a form: a file field (FileUpload, FILE-01's checks and refusals) while
 * fewer than `max` are attached, the upstream's refusal of the set (`error`), and each attached picture with a
 * 移除 button named 「移除{noun} {name}」. The form owns the list (`pictures`, `onChange`) and sends the ids.
 */
export function PictureUpload({
  label,
  hint,
  purpose,
  max,
  noun,
  pictures,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  purpose: FilePurpose;
  max: number;
  noun: PictureNoun;
  pictures: readonly UploadedFile[];
  onChange: (pictures: readonly UploadedFile[]) => void;
  error?: string | undefined;
}) {
  const styles = useStyles();
  const shared = usePictureStyles();
  return (
    <>
      {pictures.length < max ? (
        <FileUpload
          // A new field after each upload: the next file starts from an empty choice.
          key={pictures.length}
          label={label}
          purpose={purpose}
          hint={hint}
          onUploaded={(file) => onChange([...pictures, file])}
        />
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {pictures.length > 0 ? (
        <ul className={shared.list} aria-label={`已上传的${noun}`}>
          {pictures.map((picture) => (
            <li key={picture.id} className={styles.item}>
              {isPdf(picture) ? (
                <a href={picture.url} target="_blank" rel="noreferrer">
                  {picture.name}
                </a>
              ) : (
                <Thumbnail picture={picture} size="small" />
              )}
              <Button
                size="small"
                appearance="subtle"
                aria-label={`移除${noun} ${picture.name}`}
                onClick={() => onChange(pictures.filter((p) => p.id !== picture.id))}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
