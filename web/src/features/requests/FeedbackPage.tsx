import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { charCount } from '@pharma/domain/validation';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FileUpload, type UploadedFile } from '../../components/FileUpload';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { Panel } from '../../components/Panel';
import { RowList } from '../../components/RowList';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { FeedbackType } from '../../gql/graphql';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { toast } from '../../shared/notify';
import { pageParam } from '../../shared/page-param';
import { preloadForMember } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { checkFeedback, FEEDBACK_MAX, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, type FeedbackField } from './request-rules';
import { useRequestStyles } from './request-styles';

export const FeedbackListQuery = graphql(`
  query FeedbackList($page: Int, $pageSize: Int) {
    feedbackList(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        typeText
        content
        phone
        email
        reply
        repliedAt
        createdAt
        images {
          id
          name
          url
        }
      }
    }
  }
`);

export const SubmitFeedbackMutation = graphql(`
  mutation SubmitFeedback($input: FeedbackInput!) {
    submitFeedback(input: $input) {
      feedback {
        id
      }
    }
  }
`);

const PAGE_SIZE = 10;

/** The list's variables from its address (`?page=2`): the loader and the page ask the same. */
function variablesOf(params: URLSearchParams) {
  return { page: pageParam(params.get('page')), pageSize: PAGE_SIZE };
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({ query: FeedbackListQuery, variables: variablesOf(params), fetchPolicy: 'network-only' }),
  ]);
}

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  // On a phone the five types wrap onto lines whole, never one character a line.
  types: { flexWrap: 'wrap' },
  type: { flexShrink: 0, whiteSpace: 'nowrap' },
  counter: { fontVariantNumeric: 'tabular-nums' },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  phone: { maxWidth: '280px' },
  email: { maxWidth: '360px' },
  contact: { margin: 0, overflowWrap: 'anywhere' },
  images: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  image: { display: 'grid', gap: tokens.spacingVerticalXXS, justifyItems: 'center', fontSize: tokens.fontSizeBase200 },
  thumb: {
    width: '72px',
    height: '72px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  fieldError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  submit: { justifySelf: 'start' },
  row: { gridTemplateColumns: 'minmax(0, 1fr)' },
  rowHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  content: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  waiting: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

function Thumb({ image, className }: { image: { name: string; url: string }; className: string }) {
  return /\.pdf$/i.test(image.name) ? (
    <>{image.name}</>
  ) : (
    <img className={className} src={image.url} alt={image.name} />
  );
}

/** The feedback form (REQ-04): the text stays in the form whatever is refused, each refusal beside its field. */
function FeedbackForm() {
  const styles = useStyles();
  const [type, setType] = useState<FeedbackType | null>(null);
  const [content, setContent] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [images, setImages] = useState<readonly UploadedFile[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FeedbackField, string>>>({});
  const [submit, { loading }] = useMutation(SubmitFeedbackMutation, { refetchQueries: ['FeedbackList'] });
  const length = charCount(content);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkFeedback({ type, content, phone, email });
    setErrors(found);
    if (Object.keys(found).length > 0 || type === null) return;
    try {
      const context: InlineInputErrorsContext = { inlineInputErrors: true };
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
        context,
      });
      if (result.data?.submitFeedback.feedback) {
        toast('感谢您的反馈，平台会尽快回复', 'success');
        setType(null);
        setContent('');
        setPhone('');
        setEmail('');
        setImages([]);
      }
    } catch (failure) {
      // Other failures (the system busy, signed out) were already shown by the error link; the text stays.
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      if (fields) setErrors(fields);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate aria-label="提交意见反馈">
      <Field label="反馈类型" required validationState={errors.type ? 'error' : 'none'} validationMessage={errors.type}>
        <RadioGroup
          className={styles.types}
          layout="horizontal"
          value={type ?? ''}
          onChange={(_event, data) => {
            setType(FEEDBACK_TYPES.find((t) => t.value === data.value)?.value ?? null);
            setErrors((current) => ({ ...current, type: undefined }));
          }}
        >
          {FEEDBACK_TYPES.map((t) => (
            <Radio key={t.value} className={styles.type} value={t.value} label={t.label} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        label="反馈内容"
        required
        hint={
          <span className={styles.counter} aria-live="polite">
            <span className={length > FEEDBACK_MAX ? styles.over : undefined}>{length}</span> / {FEEDBACK_MAX} 字
          </span>
        }
        validationState={errors.content ? 'error' : 'none'}
        validationMessage={errors.content}
      >
        {/* No maxLength: a pasted text is kept whole and the buyer is told it is too long, never cut silently. */}
        <Textarea
          value={content}
          rows={5}
          resize="vertical"
          placeholder="请描述您遇到的问题或建议，至少5个字"
          onChange={(_event, data) => {
            setContent(data.value);
            if (errors.content) setErrors((current) => ({ ...current, content: undefined }));
          }}
        />
      </Field>
      {images.length < FEEDBACK_MAX_IMAGES ? (
        <FileUpload
          key={images.length}
          label={`上传图片（选填，最多${FEEDBACK_MAX_IMAGES}张）`}
          purpose="FEEDBACK"
          hint="问题截图或商品照片，JPG、PNG或PDF，不超过5MB"
          onUploaded={(file) => setImages((list) => [...list, file])}
        />
      ) : null}
      {errors.imageIds ? (
        <p className={styles.fieldError} role="alert">
          {errors.imageIds}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className={styles.images} aria-label="已上传的图片">
          {images.map((image) => (
            <li key={image.id} className={styles.image}>
              <Thumb image={image} className={styles.thumb} />
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
      <Field
        className={styles.phone}
        label="联系手机"
        hint="选填，便于平台与您联系"
        validationState={errors.phone ? 'error' : 'none'}
        validationMessage={errors.phone}
      >
        <Input
          value={phone}
          type="tel"
          inputMode="numeric"
          onChange={(_event, data) => {
            setPhone(data.value);
            if (errors.phone) setErrors((current) => ({ ...current, phone: undefined }));
          }}
        />
      </Field>
      {/* VAL-03: checked as typed only when given; a refusal keeps what was typed, shown under the field. */}
      <Field
        className={styles.email}
        label="联系邮箱"
        hint="选填，如 name@example.com"
        validationState={errors.email ? 'error' : 'none'}
        validationMessage={errors.email}
      >
        <Input
          value={email}
          inputMode="email"
          autoComplete="email"
          onChange={(_event, data) => {
            setEmail(data.value);
            if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
      </Field>
      <Button className={styles.submit} type="submit" appearance="primary" disabled={loading}>
        {loading ? '正在提交…' : '提交反馈'}
      </Button>
    </form>
  );
}

/** /yjfk (zzfw_yjfk): the feedback form and, below it, the buyer's own feedback with the platform's replies. */
export default function FeedbackPage() {
  const styles = useStyles();
  const shared = useRequestStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const variables = variablesOf(params);
  const { page } = variables;
  const { data, loading, error } = useQuery(FeedbackListQuery, {
    variables,
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const list = data?.feedbackList;

  return (
    <>
      <SectionHeading>意见反馈</SectionHeading>
      <Panel title="我要反馈" titleId="feedback-form">
        <p className={shared.meta}>您的意见是我们改进的动力，平台会在1个工作日内回复，回复将同时发送站内消息。</p>
        <FeedbackForm />
      </Panel>
      <Panel title={list ? `我的反馈（${list.total}）` : '我的反馈'} titleId="feedback-list" last>
        <ListStates
          list={list}
          loading={loading}
          error={error}
          loadingTitle="正在加载反馈记录…"
          failedTitle="反馈记录暂时无法加载"
          emptyTitle="还没有反馈记录"
          emptyHint="提交的反馈和平台的回复会显示在这里。"
        >
          {(found) => (
            <RowList
              label="我的反馈"
              items={found.items}
              rowClassName={styles.row}
              render={(f) => (
                <>
                  <div className={styles.rowHead}>
                    <Badge appearance="outline" color="brand">
                      {f.typeText}
                    </Badge>
                    <time className={shared.meta} dateTime={f.createdAt}>
                      {formatDateTime(f.createdAt)}
                    </time>
                  </div>
                  <p className={styles.content}>{f.content}</p>
                  {f.email ? <p className={mergeClasses(shared.meta, styles.contact)}>联系邮箱：{f.email}</p> : null}
                  {f.images.length > 0 ? (
                    <ul className={styles.images} aria-label="反馈图片">
                      {f.images.map((image) => (
                        <li key={image.id}>
                          <a href={image.url} target="_blank" rel="noreferrer" aria-label={`查看图片 ${image.name}`}>
                            <Thumb image={image} className={styles.thumb} />
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {f.reply ? (
                    <p className={shared.answer}>
                      平台回复：{f.reply}
                      {f.repliedAt ? <span className={shared.meta}>（{formatDateTime(f.repliedAt)}）</span> : null}
                    </p>
                  ) : (
                    <p className={styles.waiting}>等待平台回复</p>
                  )}
                </>
              )}
            />
          )}
        </ListStates>
        {list ? (
          <Pager
            page={page}
            total={list.total}
            pageSize={list.pageSize}
            onGo={(next) => void navigate({ search: next > 1 ? `?page=${next}` : '' })}
            note={`（共 ${list.total} 条）`}
          />
        ) : null}
      </Panel>
    </>
  );
}
