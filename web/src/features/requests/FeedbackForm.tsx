import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Input, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import { charCount } from '@pharma/domain/validation';
import { useState } from 'react';
import { FileUpload, type UploadedFile } from '../../components/FileUpload';
import { graphql } from '../../gql';
import { serverFieldErrors } from '../../shared/error-policy';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { toast } from '../../shared/notify';
import {
  FEEDBACK_MAX,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_RULES,
  FEEDBACK_TYPES,
  type FeedbackValues,
} from './request-rules';

const EMPTY: FeedbackValues = { type: '', content: '', phone: '', email: '' };
const FIELDS = ['type', 'content', 'phone', 'email'] as const;

export const SubmitFeedbackMutation = graphql(`
  mutation SubmitFeedback($input: FeedbackInput!) {
    submitFeedback(input: $input) {
      feedback {
        id
      }
    }
  }
`);

/** The row of pictures under a feedback and under the form, and each picture's thumbnail. */
export const useImageStyles = makeStyles({
  images: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  thumb: {
    width: '72px',
    height: '72px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  // On a phone the five types wrap onto lines whole, never one character a line.
  types: { flexWrap: 'wrap' },
  type: { flexShrink: 0, whiteSpace: 'nowrap' },
  counter: { fontVariantNumeric: 'tabular-nums' },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  phone: { maxWidth: '280px' },
  email: { maxWidth: '360px' },
  image: { display: 'grid', gap: tokens.spacingVerticalXXS, justifyItems: 'center', fontSize: tokens.fontSizeBase200 },
  fieldError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  submit: { justifySelf: 'start' },
});

export function Thumb({ image, className }: { image: { name: string; url: string }; className: string }) {
  return /\.pdf$/i.test(image.name) ? (
    <>{image.name}</>
  ) : (
    <img className={className} src={image.url} alt={image.name} />
  );
}

/** The feedback form (REQ-04): the text stays in the form whatever is refused, each refusal beside its field. */
export function FeedbackForm() {
  const styles = useStyles();
  const pictures = useImageStyles();
  const form = useRulesForm(FEEDBACK_RULES, EMPTY);
  const [images, setImages] = useState<readonly UploadedFile[]>([]);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const [submit, { loading }] = useMutation(SubmitFeedbackMutation, { refetchQueries: ['FeedbackList'] });
  const length = charCount(form.watch('content'));

  const send = form.handleSubmit(async ({ type, content, phone, email }) => {
    if (type === '') return;
    setImagesError(undefined);
    try {
      const result = await submit({
        variables: {
          input: {
            type,
            content: content.trim(),
            phone: phone.trim() || null,
            email: email.trim() || null,
            imageIds: images.map((i) => i.id),
          },
        },
        context: INLINE_INPUT_ERRORS,
      });
      if (result.data?.submitFeedback.feedback) {
        toast('感谢您的反馈，平台会尽快回复', 'success');
        form.reset(EMPTY);
        setImages([]);
      }
    } catch (failure) {
      // Other failures (the system busy, signed out) were already shown by the error link; the text stays.
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      setImagesError(fields?.['imageIds']);
      setServerErrors(failure, form.setError, FIELDS);
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate aria-label="提交意见反馈">
      <FormField form={form} name="type" label="反馈类型" required>
        {({ value, onChange, ref }) => (
          <RadioGroup className={styles.types} layout="horizontal" value={value} onChange={onChange} ref={ref}>
            {FEEDBACK_TYPES.map((t) => (
              <Radio key={t.value} className={styles.type} value={t.value} label={t.label} />
            ))}
          </RadioGroup>
        )}
      </FormField>
      <FormField
        form={form}
        name="content"
        label="反馈内容"
        required
        hint={
          <span className={styles.counter} aria-live="polite">
            <span className={length > FEEDBACK_MAX ? styles.over : undefined}>{length}</span> / {FEEDBACK_MAX} 字
          </span>
        }
      >
        {/* No maxLength: a pasted text is kept whole and the buyer is told it is too long, never cut silently. */}
        {(input) => (
          <Textarea {...input} rows={5} resize="vertical" placeholder="请描述您遇到的问题或建议，至少5个字" />
        )}
      </FormField>
      {images.length < FEEDBACK_MAX_IMAGES ? (
        <FileUpload
          key={images.length}
          label={`上传图片（选填，最多${FEEDBACK_MAX_IMAGES}张）`}
          purpose="FEEDBACK"
          hint="问题截图或商品照片，JPG、PNG或PDF，不超过5MB"
          onUploaded={(file) => setImages((list) => [...list, file])}
        />
      ) : null}
      {imagesError ? (
        <p className={styles.fieldError} role="alert">
          {imagesError}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className={pictures.images} aria-label="已上传的图片">
          {images.map((image) => (
            <li key={image.id} className={styles.image}>
              <Thumb image={image} className={pictures.thumb} />
              <Button
                size="small"
                appearance="subtle"
                aria-label={`移除图片 ${image.name}`}
                onClick={() => setImages((list) => list.filter((i) => i.id !== image.id))}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormField form={form} name="phone" label="联系手机" hint="选填，便于平台与您联系" className={styles.phone}>
        {(input) => <Input {...input} type="tel" inputMode="numeric" />}
      </FormField>
      {/* VAL-03: checked as typed only when given; a refusal keeps what was typed, shown under the field. */}
      <FormField form={form} name="email" label="联系邮箱" hint="选填，如 name@example.com" className={styles.email}>
        {(input) => <Input {...input} inputMode="email" autoComplete="email" />}
      </FormField>
      <Button className={styles.submit} type="submit" appearance="primary" disabled={loading}>
        {loading ? '正在提交…' : '提交反馈'}
      </Button>
    </form>
  );
}
