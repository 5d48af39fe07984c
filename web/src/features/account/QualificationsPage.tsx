import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { FileUpload } from '../../components/FileUpload';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { QualificationState, QualificationsPageQuery as QualificationsAnswer } from '../../gql/graphql';
import { notify } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { useViewer } from '../../shared/viewer';
import { QualificationAlertBar } from './QualificationAlertBar';

export const QualificationFragment = graphql(`
  fragment QualificationCard_qualification on Qualification {
    id
    name
    number
    validFrom
    validTo
    daysLeft
    validity
    state
    required
    fileUrl
    review {
      status
      remark
      fileUrl
      submittedAt
    }
  }
`);

export const QualificationsPageQuery = graphql(`
  query QualificationsPage {
    me {
      id
      qualificationAlert {
        ...QualificationAlertBar_alert
      }
      qualifications {
        id
        ...QualificationCard_qualification
      }
    }
  }
`);

export const SubmitQualificationScanMutation = graphql(`
  mutation SubmitQualificationScan($id: ID!, $fileId: ID!) {
    submitQualificationScan(id: $id, fileId: $fileId) {
      id
      ...QualificationCard_qualification
    }
  }
`);

type Document = NonNullable<QualificationsAnswer['me']>['qualifications'][number];

/** QUAL-01's four states as the page names and colours them. */
const STATE: Record<QualificationState, { text: string; color: 'success' | 'warning' | 'danger' | 'informative' }> = {
  VALID: { text: '有效', color: 'success' },
  EXPIRING: { text: '即将过期', color: 'warning' },
  EXPIRED: { text: '已过期', color: 'danger' },
  UNDER_REVIEW: { text: '审核中', color: 'informative' },
};

const day = (value: string) => value.replaceAll('-', '/');

function remaining(doc: Document): string | null {
  if (doc.daysLeft === null || doc.daysLeft === undefined) return null;
  if (doc.daysLeft < 0) return `已过期${-doc.daysLeft}天`;
  if (doc.daysLeft === 0) return '今天到期';
  return doc.validity === 'VALID' ? null : `剩余${doc.daysLeft}天`;
}

const useStyles = makeStyles({
  alert: { marginBottom: tokens.spacingVerticalM },
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))',
    gap: tokens.spacingVerticalM,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    display: 'grid',
    alignContent: 'start',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    borderTop: `3px solid ${tokens.colorNeutralStroke2}`,
  },
  expired: { borderTopColor: tokens.colorPaletteRedBorderActive },
  expiring: { borderTopColor: tokens.colorPaletteMarigoldBorderActive },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { margin: 0, fontSize: tokens.fontSizeBase400 },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase300,
  },
  term: { color: tokens.colorNeutralForeground2 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
  urgent: { color: tokens.colorPaletteRedForeground1 },
  note: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  refused: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  link: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
});

/** One document: its number, validity and state, its scans, and the upload of a new one. */
function QualificationCard({ doc }: { doc: Document }) {
  const styles = useStyles();
  const [uploading, setUploading] = useState(false);
  const [submit, { loading }] = useMutation(SubmitQualificationScanMutation);
  const state = STATE[doc.state];
  const left = remaining(doc);
  const review = doc.review;
  const headingId = `qualification-${doc.id}`;

  const send = async (fileId: string) => {
    try {
      await submit({ variables: { id: doc.id, fileId } });
      setUploading(false);
      notify({ kind: 'toast', intent: 'success', text: `${doc.name}已提交，等待平台审核` });
    } catch {
      // The error link has shown why.
    }
  };

  return (
    <li
      className={mergeClasses(
        styles.card,
        doc.validity === 'EXPIRED' && styles.expired,
        doc.validity === 'EXPIRING' && styles.expiring,
      )}
      aria-labelledby={headingId}
    >
      <div className={styles.head}>
        <h2 className={styles.name} id={headingId}>
          {doc.name}
        </h2>
        <Badge appearance="tint" color={state.color}>
          {state.text}
        </Badge>
        {doc.required ? (
          <Badge appearance="outline" color="informative">
            下单必需
          </Badge>
        ) : null}
      </div>
      <dl className={styles.facts}>
        <dt className={styles.term}>证件编号</dt>
        <dd className={styles.detail}>{doc.number}</dd>
        <dt className={styles.term}>有效期</dt>
        <dd className={styles.detail}>
          {day(doc.validFrom)} 至 {doc.validTo ? day(doc.validTo) : '长期'}
          {left ? <span className={styles.urgent}>（{left}）</span> : null}
        </dd>
      </dl>
      {review?.status === 'PENDING' ? (
        <p className={styles.note}>新证件已于{formatDateTime(review.submittedAt)}提交，平台审核中。</p>
      ) : null}
      {review?.status === 'REFUSED' ? (
        <p className={styles.refused}>
          最近提交的证件未通过审核{review.remark ? `：${review.remark}` : ''}，请重新上传。
        </p>
      ) : null}
      <div className={styles.actions}>
        {doc.fileUrl ? (
          <a className={styles.link} href={doc.fileUrl} target="_blank" rel="noreferrer">
            查看证件<span className="visually-hidden">（{doc.name}）</span>
          </a>
        ) : null}
        {review?.status === 'PENDING' ? (
          <a className={styles.link} href={review.fileUrl ?? undefined} target="_blank" rel="noreferrer">
            查看待审核证件
          </a>
        ) : null}
        {uploading ? null : (
          <Button
            size="small"
            appearance={doc.validity === 'VALID' ? 'secondary' : 'primary'}
            onClick={() => setUploading(true)}
            aria-label={`上传新的${doc.name}`}
          >
            {review?.status === 'PENDING' ? '重新上传' : '上传新证件'}
          </Button>
        )}
      </div>
      {uploading ? (
        <>
          <FileUpload
            label={`新的${doc.name}扫描件`}
            purpose="QUALIFICATION"
            disabled={loading}
            onUploaded={(file) => void send(file.id)}
          />
          <div className={styles.actions}>
            <Button size="small" appearance="subtle" onClick={() => setUploading(false)}>
              取消
            </Button>
          </div>
        </>
      ) : null}
    </li>
  );
}

/** /zzzj (/jcxx_zzzj): the company's qualification documents, their states, and new scans for review. */
export default function QualificationsPage() {
  const styles = useStyles();
  const location = useLocation();
  const viewer = useViewer();
  const { data, loading } = useQuery(QualificationsPageQuery, {
    skip: !viewer.signedIn,
    fetchPolicy: 'cache-and-network',
  });
  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;
  const me = data?.me;
  if (!me) {
    return (
      <>
        <SectionHeading>资质证件</SectionHeading>
        <EmptyState title={loading || !viewer.known ? '正在加载资质证件…' : '资质证件暂时无法加载'} />
      </>
    );
  }
  return (
    <>
      <SectionHeading>资质证件</SectionHeading>
      <QualificationAlertBar alert={me.qualificationAlert} link={false} className={styles.alert} />
      <p className={styles.intro}>
        证件到期前30天起提示更新；下单必需的证件过期后将无法下单。上传新证件后由平台审核，审核通过即更新有效期。
      </p>
      {me.qualifications.length === 0 ? (
        <EmptyState title="暂无资质证件，请联系客户经理登记" />
      ) : (
        <ul className={styles.list} aria-label="资质证件列表">
          {me.qualifications.map((doc) => (
            <QualificationCard key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </>
  );
}
