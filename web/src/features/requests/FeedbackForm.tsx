import { useMutation } from '@apollo/client/react';
import { Button, Input, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import { charCount } from '@pharma/domain/validation';
import { graphql } from '../../gql';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { toast } from '../../shared/notify';
import { PictureUpload, useAttachedPictures } from '../../shared/UploadedPictures';
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

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  // On a phone the five types wrap onto lines whole, never one character a line.
  types: { flexWrap: 'wrap' },
  type: { flexShrink: 0, whiteSpace: 'nowrap' },
  counter: { fontVariantNumeric: 'tabular-nums' },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  phone: { maxWidth: '280px' },
  email: { maxWidth: '360px' },
  submit: { justifySelf: 'start' },
});

/** The feedback form (REQ-04): the text stays in the form whatever is refused, each refusal beside its field. */
export function FeedbackForm() {
  const styles = useStyles();
  const form = useRulesForm(FEEDBACK_RULES, EMPTY);
  const images = useAttachedPictures('imageIds');
  const [submit, { loading }] = useMutation(SubmitFeedbackMutation, { refetchQueries: ['FeedbackList'] });
  const length = charCount(form.watch('content'));

  const send = form.handleSubmit(async ({ type, content, phone, email }) => {
    if (type === '') return;
    images.showRefusal(null);
    try {
      const result = await submit({
        variables: {
          input: {
            type,
            content: content.trim(),
            phone: phone.trim() || null,
            email: email.trim() || null,
            imageIds: images.ids,
          },
        },
        context: INLINE_INPUT_ERRORS,
      });
      if (result.data?.submitFeedback.feedback) {
        toast('感谢您的反馈，平台会尽快回复', 'success');
        form.reset(EMPTY);
        images.clear();
      }
    } catch (failure) {
      // Other failures (the system busy, signed out) were already shown by the error link; the text stays.
      images.showRefusal(failure);
      setServerErrors(failure, form.setError, FIELDS);
    }
  });

  return (
    <form
      method="post"
      className={styles.form}
      onSubmit={(event) => void send(event)}
      noValidate
      aria-label="提交意见反馈"
    >
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
      <PictureUpload
        label={`上传图片（选填，最多${FEEDBACK_MAX_IMAGES}张）`}
        hint="问题截图或商品照片，JPG、PNG或PDF，不超过5MB"
        purpose="FEEDBACK"
        max={FEEDBACK_MAX_IMAGES}
        noun="图片"
        {...images.bind}
      />
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
