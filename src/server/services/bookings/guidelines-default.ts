import type { Laboratory } from '../../laboratory.ts';

// The Guidelines page's built-in text, shown until an administrator saves the laboratory's own.
// Markdown; both languages say the same. Where to ship and whom to ask are the laboratory's own
// settings (laboratory.ts), the same the certificates and mails print.

/** A setting's text as Markdown reads it literally. */
const literal = (text: string) => text.replace(/[\\`*_[\]#|<>]/g, (mark) => `\\${mark}`);

export function defaultGuidelines(laboratory: Laboratory): { en: string; vi: string } {
  const name = literal(laboratory.name);
  const address = literal(laboratory.address);
  const email = literal(laboratory.email);
  const phone = literal(laboratory.phone);
  return {
    en: `# Sample submission guidelines

These guidelines help your samples reach us in a state we can test. Please read them before you send anything.

## How much to send

| Material | Minimum amount |
| --- | --- |
| Cotton lint, fibre, yarn | 20 g |
| Fabric, garments | 10 × 10 cm (about 10 g) |
| Coffee, tea, rice, spices (dry) | 50 g |
| Liquids (fish sauce, juice, honey) | 50 ml in a sealed bottle |
| Meat, seafood (frozen) | 100 g |

Send more when you can: it lets us repeat a test without asking you for new material.

## Packing and labelling

- Put each sample in its own clean, sealed bag or bottle.
- Write the **booking number** (for example BK-2026-00013) and the sample type on every bag, and on the outside of the parcel.
- Keep frozen samples frozen: use an insulated box with ice packs and ship early in the week.
- Add a printed copy of your booking confirmation to the parcel.

## Where to ship

${name}, Sample Reception\\
${address}

Reception is open Monday to Friday, 8:00–17:00. Questions: write to ${email} or call ${phone}.

## Turnaround and rush service

- Standard: results within **10 working days** of the day the samples arrive.
- Rush service: results within **5 working days**; extra fees may apply. Tick *Rush service* on the form and tell our team after submitting.

## Confidentiality

Your samples, data and results are treated confidentially. They are used only for the tests you booked and are shared only with the people you name on the form.
`,
    vi: `# Hướng dẫn gửi mẫu

Hướng dẫn này giúp mẫu của quý khách đến phòng thí nghiệm trong tình trạng có thể kiểm nghiệm. Vui lòng đọc trước khi gửi mẫu.

## Lượng mẫu cần gửi

| Vật liệu | Lượng tối thiểu |
| --- | --- |
| Xơ bông, sợi | 20 g |
| Vải, hàng may mặc | 10 × 10 cm (khoảng 10 g) |
| Cà phê, trà, gạo, gia vị (khô) | 50 g |
| Chất lỏng (nước mắm, nước ép, mật ong) | 50 ml trong chai kín |
| Thịt, hải sản (đông lạnh) | 100 g |

Nếu có thể, hãy gửi nhiều hơn: phòng thí nghiệm có thể làm lại phép thử mà không cần xin thêm mẫu.

## Đóng gói và ghi nhãn

- Mỗi mẫu đựng trong một túi hoặc chai sạch, kín riêng.
- Ghi **mã đặt hàng** (ví dụ BK-2026-00013) và loại mẫu trên từng túi và bên ngoài thùng hàng.
- Giữ mẫu đông lạnh luôn đông lạnh: dùng thùng cách nhiệt với đá khô và gửi vào đầu tuần.
- Gửi kèm bản in xác nhận đặt hàng trong thùng hàng.

## Địa chỉ gửi mẫu

${name}, Bộ phận Nhận mẫu\\
${address}

Bộ phận nhận mẫu làm việc từ thứ Hai đến thứ Sáu, 8:00–17:00. Cần hỏi thêm: viết thư tới ${email} hoặc gọi ${phone}.

## Thời gian trả kết quả và dịch vụ khẩn

- Thông thường: có kết quả trong **10 ngày làm việc** kể từ ngày nhận mẫu.
- Dịch vụ khẩn: có kết quả trong **5 ngày làm việc**; có thể phát sinh phí. Đánh dấu *Dịch vụ khẩn* trên phiếu và báo cho chúng tôi sau khi gửi phiếu.

## Bảo mật

Mẫu, dữ liệu và kết quả của quý khách được bảo mật. Chúng chỉ được dùng cho các phép thử quý khách đã đặt và chỉ được chia sẻ với những người quý khách ghi trên phiếu.
`,
  };
}
