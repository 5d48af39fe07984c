import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Field, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { graphql } from '../gql';
import type { FilePurpose, UploadFileMutation as UploadFileAnswer } from '../gql/graphql';
import { serverFieldErrors, type InlineInputErrorsContext } from '../shared/error-policy';
import { uploadLink, type UploadContext } from '../shared/upload-link';

/**
 * One upload (FILE-01): any feature that takes a file (a qualification scan, a return photo, a transfer slip) sends
 * it through this mutation, as a GraphQL multipart request through the upload link (shared/upload-link.ts).
 */
export const UploadFileMutation = graphql(`
  mutation UploadFile($file: File!, $purpose: FilePurpose!) {
    uploadFile(file: $file, purpose: $purpose) {
      id
      name
      mime
      size
      url
    }
  }
`);

export type UploadedFile = UploadFileAnswer['uploadFile'];

/** FILE-01 as the screen checks it before sending: the upstream judges again, by the content. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
export const UPLOAD_TYPE_TEXT = '只能上传JPG、PNG图片或PDF文件';
export const UPLOAD_SIZE_TEXT = '文件不能超过5MB';

/** 1.2 MB, 320 KB, 12 B: the size a buyer reads beside a file name. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The refusal of a file the screen can judge itself (type by its declared type or name, size), or null. */
export function checkUpload(file: { name: string; type: string; size: number }): string | null {
  if (!TYPES.includes(file.type) && !EXTENSIONS.test(file.name)) return UPLOAD_TYPE_TEXT;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_SIZE_TEXT;
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  input: {
    maxWidth: '100%',
    fontSize: tokens.fontSizeBase200,
    '::file-selector-button': {
      marginRight: tokens.spacingHorizontalS,
      minHeight: '32px',
      padding: `0 ${tokens.spacingHorizontalM}`,
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      borderRadius: tokens.borderRadiusMedium,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      cursor: 'pointer',
    },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  done: { margin: 0, color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * A labelled file input that checks the type and size before sending, uploads at once, and shows the file's name
 * and size or the reason it was refused. `onUploaded` receives the stored file (its id for the feature's own call).
 */
export function FileUpload({
  label,
  purpose,
  onUploaded,
  hint = '支持JPG、PNG、PDF格式，不超过5MB',
  disabled = false,
}: {
  label: string;
  purpose: FilePurpose;
  onUploaded: (file: UploadedFile) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const styles = useStyles();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [upload, { loading }] = useMutation(UploadFileMutation);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setUploaded(null);
    if (!file) return;
    const refusal = checkUpload(file);
    setError(refusal);
    if (refusal) {
      if (input.current) input.current.value = '';
      return;
    }
    try {
      const context: InlineInputErrorsContext & UploadContext = { inlineInputErrors: true, transport: uploadLink };
      const result = await upload({ variables: { file, purpose }, context });
      const stored = result.data?.uploadFile;
      if (stored) {
        setUploaded(stored);
        onUploaded(stored);
      }
    } catch (failure) {
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      // Other failures (the system busy, signed out) were already shown by the error link.
      setError(fields ? (fields['file'] ?? Object.values(fields)[0] ?? '上传失败，请重试') : '上传失败，请重试');
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Field label={label} hint={hint} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
      {(fieldProps) => (
        <div className={styles.row}>
          <input
            {...fieldProps}
            ref={input}
            className={styles.input}
            type="file"
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            disabled={disabled || loading}
            aria-describedby={[fieldProps['aria-describedby'], statusId].filter(Boolean).join(' ')}
            onChange={(event) => void choose(event)}
          />
          <span id={statusId} role="status">
            {loading ? <Spinner size="tiny" label="正在上传…" /> : null}
            {uploaded ? (
              <span className={styles.done}>
                已上传：{uploaded.name}（{formatFileSize(uploaded.size)}）
              </span>
            ) : null}
          </span>
        </div>
      )}
    </Field>
  );
}
