import { MockedProvider } from '@apollo/client/testing/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../components/FileUpload';
import { isPdf, PictureList } from './PictureList';
import { PictureUpload } from './UploadedPictures';

const photo: UploadedFile = {
  __typename: 'UploadedFile',
  id: '11',
  name: '破损.jpg',
  mime: 'image/jpeg',
  size: 2048,
  url: '/files/11',
};
const slip: UploadedFile = {
  __typename: 'UploadedFile',
  id: '12',
  name: '检验报告.PDF',
  mime: 'application/pdf',
  size: 4096,
  url: '/files/12',
};

function upload(pictures: UploadedFile[], max: number, error?: string): string {
  const part = createElement(PictureUpload, {
    label: `上传凭证照片（选填，最多${max}张）`,
    hint: 'JPG、PNG或PDF，不超过5MB',
    purpose: 'RETURN',
    max,
    noun: '照片',
    pictures,
    onChange: () => undefined,
    error,
  });
  return renderToString(createElement(MockedProvider, { mocks: [], children: part }));
}

describe('SHELL-28: the pictures a buyer attaches', () => {
  it('tells a PDF by the type the upload gave, else by its name', () => {
    expect(isPdf({ name: 'scan', mime: 'application/pdf' })).toBe(true);
    expect(isPdf({ name: '报告.Pdf' })).toBe(true);
    expect(isPdf({ name: '破损.jpg', mime: 'image/jpeg' })).toBe(false);
  });

  it('offers the file field with its label while fewer than the limit are attached, and none at the limit', () => {
    expect(upload([], 2)).toContain('上传凭证照片（选填，最多2张）');
    expect(upload([photo], 2)).toContain('type="file"');
    expect(upload([photo, slip], 2)).not.toContain('type="file"');
  });

  it('lists each attached picture under its list name, a thumbnail or a PDF by name, each with its own 移除', () => {
    const html = upload([photo, slip], 6);
    expect(html).toContain('aria-label="已上传的照片"');
    expect(html).toMatch(/<img[^>]*src="\/files\/11"[^>]*alt="破损.jpg"|<img[^>]*alt="破损.jpg"[^>]*src="\/files\/11"/);
    expect(html).toMatch(/<a href="\/files\/12"[^>]*>检验报告.PDF<\/a>/);
    expect(html).toContain('aria-label="移除照片 破损.jpg"');
    expect(html).toContain('aria-label="移除照片 检验报告.PDF"');
  });

  it('shows nothing of a list before a picture is attached, and the refusal of the set as an alert', () => {
    expect(upload([], 6)).not.toContain('已上传的照片');
    expect(upload([], 6, '照片不存在或不属于您')).toMatch(/role="alert"[^>]*>照片不存在或不属于您</);
  });

  it('shows the pictures of a sent request as links opening each whole, named 查看…', () => {
    const html = renderToString(
      createElement(PictureList, { pictures: [photo, slip], noun: '图片', label: '反馈图片' }),
    );
    expect(html).toContain('aria-label="反馈图片"');
    expect(html).toMatch(/<a href="\/files\/11" target="_blank"[^>]*aria-label="查看图片 破损.jpg"><img/);
    expect(html).toMatch(/aria-label="查看图片 检验报告.PDF">检验报告.PDF<\/a>/);
  });
});
