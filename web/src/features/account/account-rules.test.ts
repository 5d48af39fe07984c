import { describe, expect, it } from 'vitest';
import { checkUpload, formatFileSize, MAX_UPLOAD_BYTES } from '../../components/FileUpload';
import { checkContact, checkPasswordChange } from './account-rules';

describe('the contact form (ACCOUNT-01)', () => {
  it('takes a name and a mobile or landline', () => {
    expect(checkContact({ name: '李明', phone: '13905710001' })).toEqual({});
    expect(checkContact({ name: '李明', phone: '0571-88886666' })).toEqual({});
  });

  it('names each failing field with the words the upstream uses', () => {
    expect(checkContact({ name: ' ', phone: '12345' })).toEqual({
      name: '请输入联系人姓名',
      phone: '请输入正确的手机号码或固定电话（如 020-12345678）',
    });
    expect(checkContact({ name: '一'.repeat(21), phone: '13905710001' })).toEqual({ name: '联系人姓名最多20个字' });
  });
});

describe('the password form (ACCOUNT-02)', () => {
  const ok = { oldPassword: 'demo1234', password: 'abc12345', passwordConfirmation: 'abc12345' };

  it('accepts a new password by VAL-07 typed twice', () => {
    expect(checkPasswordChange(ok)).toEqual({});
  });

  it('asks for the old password, a valid new one different from it, and the same twice', () => {
    expect(checkPasswordChange({ ...ok, oldPassword: '' })).toEqual({ oldPassword: '请输入原密码' });
    expect(checkPasswordChange({ ...ok, password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }).password).toBe(
      '密码为8-20位，需包含字母和数字',
    );
    expect(checkPasswordChange({ ...ok, password: 'demo1234', passwordConfirmation: 'demo1234' })).toEqual({
      password: '新密码不能与原密码相同',
    });
    expect(checkPasswordChange({ ...ok, passwordConfirmation: 'abc12346' })).toEqual({
      passwordConfirmation: '两次输入的新密码不一致',
    });
  });
});

describe('the upload control’s own checks (FILE-01)', () => {
  it('lets JPEG, PNG and PDF of at most 5 MB through', () => {
    expect(checkUpload({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkUpload({ name: 'scan.PDF', type: '', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses another type, an empty file and one over 5 MB before sending', () => {
    expect(checkUpload({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('只能上传JPG、PNG图片或PDF文件');
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('文件不能超过5MB');
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 0 })).toBe('文件是空的，请重新选择');
  });

  it('writes sizes as a buyer reads them', () => {
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(320 * 1024 - 5)).toBe('320 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
