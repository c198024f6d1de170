import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SiteFilings } from './site-filings';

const blank = { icp: '', police: '', policeCode: '', company: '', licenceImg: '', founded: null, qrOfficial: '', qrConsult: '', qrMiniapp: '' };

describe('SiteFilings (the footer’s 备案信息)', () => {
  it('draws nothing until the settings answer, and nothing when no filing is set', () => {
    expect(render(<SiteFilings identity={undefined} />).container.innerHTML).toBe('');
    expect(render(<SiteFilings identity={{ ...blank, founded: 2016 }} />).container.innerHTML).toBe('');
  });

  it('links the ICP number to the MIIT system and the 公安 number, with its badge, to beian.gov.cn by its digits', () => {
    render(<SiteFilings identity={{ ...blank, icp: '沪ICP备12345678号-1', police: '沪公网安备 31010402000123号', policeCode: '31010402000123' }} />);
    expect(screen.getByRole('link', { name: '沪ICP备12345678号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    const police = screen.getByRole('link', { name: /沪公网安备 31010402000123号/ });
    expect(police).toHaveAttribute('href', 'http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=31010402000123');
    expect(police.querySelector('img')).toHaveAttribute('src', '/beian-police.svg');
    expect(screen.queryByText(/运营主体/)).toBeNull();
    expect(screen.queryByRole('link', { name: '营业执照' })).toBeNull();
  });

  it('names the operating company and links its business licence, each only when set', () => {
    render(<SiteFilings identity={{ ...blank, company: '上海科研检测技术有限公司', licenceImg: '/upload/img/licence.png' }} />);
    expect(screen.getByText('运营主体：上海科研检测技术有限公司')).toBeInTheDocument();
    const licence = screen.getByRole('link', { name: '营业执照' });
    expect(licence).toHaveAttribute('href', '/upload/img/licence.png');
    expect(licence).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /ICP/ })).toBeNull();
  });
});
