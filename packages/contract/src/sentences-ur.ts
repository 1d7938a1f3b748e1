import type { SentenceCatalog } from './sentences'

/*
 * Words used throughout, so every sentence says a thing the same way (for the web app's catalogs to
 * follow too): پروڈکٹ product, کیٹیگری category, آرڈر order, کارٹ cart, کوپن coupon, ڈیلیوری delivery,
 * کیش آن ڈیلیوری cash on delivery, بینک ٹرانسفر bank transfer, رسید receipt, سائن اِن sign-in,
 * دو مرحلہ سائن اِن two-factor sign-in, بیک آفس back office. The reader is addressed as آپ.
 * Places (`{name}`) keep what the API puts there: a product's or a city's name as it is written.
 * A signed number in right-to-left text starts with a left-to-right mark (\u200E), so its sign stays
 * in front of it.
 */

/** The sentences of the API (`detail` and field errors) and the contract's own checks. */
const apiSentences: SentenceCatalog = {
  // Requests the API cannot read
  'Not found.': 'یہ چیز نہیں ملی۔',
  'No route {method} {pathname}.': 'یہ پتا ({method} {pathname}) موجود نہیں۔',
  'No such sitemap.': 'یہ سائٹ میپ موجود نہیں۔',
  'Unsupported media type.': 'اس قسم کا مواد قبول نہیں کیا جاتا۔',
  'The request body is too large.': 'بھیجا گیا مواد بہت بڑا ہے۔',
  'The request body is empty; send JSON.': 'درخواست خالی ہے؛ براہِ کرم JSON بھیجیں۔',
  'The request body is not valid JSON.': 'بھیجا گیا مواد درست JSON نہیں۔',
  'The request is not valid.': 'درخواست درست نہیں۔',
  'The request body is not valid.': 'بھیجی گئی معلومات درست نہیں۔ براہِ کرم نشان زدہ خانے دیکھ لیں۔',
  'The query string is not valid.': 'پتے میں دی گئی شرائط درست نہیں۔',
  'The request headers are not valid.': 'درخواست کے ہیڈر درست نہیں۔',
  'The request holds a character that cannot be stored.':
    'درخواست میں ایک ایسا حرف ہے جو محفوظ نہیں کیا جا سکتا۔',
  'The request path holds a control character.': 'پتے میں ایک کنٹرول حرف ہے۔',
  'The request query string holds a control character.': 'پتے کی شرائط میں ایک کنٹرول حرف ہے۔',
  'Control characters are not allowed here.': 'یہاں کنٹرول حروف کی اجازت نہیں۔',
  'Too many requests. Please wait and try again.':
    'بہت زیادہ درخواستیں آ گئی ہیں۔ براہِ کرم تھوڑا انتظار کر کے دوبارہ کوشش کریں۔',
  'Something went wrong on our side. Please try again.':
    'معذرت، ہماری طرف کچھ خرابی ہو گئی۔ براہِ کرم دوبارہ کوشش کریں۔',
  'Image storage is briefly unavailable. Please try again in a moment.':
    'تصاویر کا ذخیرہ اس وقت دستیاب نہیں۔ براہِ کرم ذرا دیر بعد دوبارہ کوشش کریں۔',
  'The store is briefly unavailable. Please try again in a moment.':
    'اسٹور تھوڑی دیر کے لیے دستیاب نہیں۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔',
  'The store cannot save anything right now: its disk is full. Please try again later.':
    'اسٹور ابھی کچھ محفوظ نہیں کر سکتا: اس کی ڈسک بھر گئی ہے۔ براہِ کرم بعد میں دوبارہ کوشش کریں۔',
  'Not ready: {down} did not answer.': 'سرور ابھی تیار نہیں: {down} نے جواب نہیں دیا۔',
  'Invalid page.': 'یہ صفحہ موجود نہیں۔',
  'A valid metrics token is required.': 'درست میٹرکس ٹوکن درکار ہے۔',

  // Signing in and the account
  'Authentication credentials were not provided or are invalid.':
    'براہِ کرم سائن اِن کریں؛ آپ کی سائن اِن کی معلومات موجود نہیں یا درست نہیں۔',
  'You do not have permission to perform this action.': 'آپ کو یہ کام کرنے کی اجازت نہیں۔',
  'No active account found with the given credentials.':
    'اس ای میل اور پاس ورڈ سے کوئی فعال اکاؤنٹ نہیں ملا۔',
  'A user with the email {email} already exists.': 'ای میل {email} سے ایک اکاؤنٹ پہلے سے موجود ہے۔',
  'A user with this email already exists.': 'اس ای میل سے ایک اکاؤنٹ پہلے سے موجود ہے۔',
  'The refresh token is invalid or has expired.': 'آپ کا سیشن ختم ہو گیا ہے۔ براہِ کرم دوبارہ سائن اِن کریں۔',
  'The current password is not correct.': 'موجودہ پاس ورڈ درست نہیں۔',
  'This reset link has expired or was already used.':
    'پاس ورڈ بدلنے کا یہ لنک ختم ہو چکا ہے یا پہلے استعمال ہو چکا ہے۔',
  'The reset link is incomplete.': 'پاس ورڈ بدلنے کا لنک ادھورا ہے۔',
  'Enter a valid email address.': 'براہِ کرم درست ای میل ایڈریس لکھیں۔',
  'Password is required.': 'پاس ورڈ لکھنا ضروری ہے۔',
  'The password must be at least 8 characters.': 'پاس ورڈ کم از کم 8 حروف کا ہونا چاہیے۔',
  'The password must be at most 128 characters.': 'پاس ورڈ زیادہ سے زیادہ 128 حروف کا ہو سکتا ہے۔',
  'Enter your current password to choose a new one.': 'نیا پاس ورڈ رکھنے کے لیے اپنا موجودہ پاس ورڈ لکھیں۔',
  'Enter your password.': 'اپنا پاس ورڈ لکھیں۔',
  'First name must be at most 150 characters.': 'پہلا نام زیادہ سے زیادہ 150 حروف کا ہو سکتا ہے۔',
  'Last name must be at most 150 characters.': 'خاندانی نام زیادہ سے زیادہ 150 حروف کا ہو سکتا ہے۔',
  'Sign in with your password again.': 'براہِ کرم اپنے پاس ورڈ سے دوبارہ سائن اِن کریں۔',
  'This sign-in has expired. Sign in with your password again.':
    'یہ سائن اِن ختم ہو گیا ہے۔ براہِ کرم اپنے پاس ورڈ سے دوبارہ سائن اِن کریں۔',
  'Enter the code from your authenticator app.': 'اپنی تصدیقی ایپ کا کوڈ لکھیں۔',
  'Enter the six digits your authenticator app shows.': 'آپ کی تصدیقی ایپ جو چھ ہندسے دکھا رہی ہے وہ لکھیں۔',
  'That code is not right. Enter the six digits your authenticator app shows now.':
    'یہ کوڈ درست نہیں۔ آپ کی تصدیقی ایپ اس وقت جو چھ ہندسے دکھا رہی ہے وہ لکھیں۔',
  'That code is not right. Enter the newest code from your app, or a recovery code.':
    'یہ کوڈ درست نہیں۔ اپنی ایپ کا تازہ ترین کوڈ یا کوئی ریکوری کوڈ لکھیں۔',
  'Two-factor sign-in is already on for this account.': 'اس اکاؤنٹ کے لیے دو مرحلہ سائن اِن پہلے سے فعال ہے۔',
  'Two-factor sign-in is off for this account.': 'اس اکاؤنٹ کا دو مرحلہ سائن اِن بند ہے۔',
  'Two-factor sign-in is off for this account already.': 'اس اکاؤنٹ کا دو مرحلہ سائن اِن پہلے ہی بند ہے۔',
  'Turn your own two-factor sign-in off on your two-factor page, with a code.':
    'اپنا دو مرحلہ سائن اِن اپنے دو مرحلہ صفحے پر کوڈ کے ساتھ بند کریں۔',
  'Start the two-factor setup first: there is no new secret to confirm.':
    'پہلے دو مرحلہ سائن اِن کی ترتیب شروع کریں: تصدیق کے لیے ابھی کوئی نیا کوڈ نہیں بنا۔',
  'This shop requires two-factor sign-in for staff. Set it up under Two-factor sign-in in the back office first.':
    'اس دکان میں عملے کے لیے دو مرحلہ سائن اِن ضروری ہے۔ براہِ کرم پہلے بیک آفس میں "دو مرحلہ سائن اِن" کے تحت اسے ترتیب دیں۔',

  // People and roles
  'User not found.': 'یہ صارف نہیں ملا۔',
  'You cannot change your own role.': 'آپ اپنا کردار خود تبدیل نہیں کر سکتے۔',
  'You cannot disable your own account.': 'آپ اپنا اکاؤنٹ خود غیر فعال نہیں کر سکتے۔',
  'The shop needs at least one active owner.': 'دکان کا کم از کم ایک فعال مالک ہونا ضروری ہے۔',
  'Choose a role or whether the account is active.': 'کوئی کردار چنیں یا بتائیں کہ اکاؤنٹ فعال ہو یا نہیں۔',

  // Names, addresses and phones
  'First name is required.': 'پہلا نام لکھنا ضروری ہے۔',
  'First name is at most 150 characters.': 'پہلا نام زیادہ سے زیادہ 150 حروف کا ہو سکتا ہے۔',
  'Last name is required.': 'خاندانی نام لکھنا ضروری ہے۔',
  'Last name is at most 150 characters.': 'خاندانی نام زیادہ سے زیادہ 150 حروف کا ہو سکتا ہے۔',
  'Label is required.': 'پتے کا نام (مثلاً گھر) لکھنا ضروری ہے۔',
  'Label is at most 50 characters.': 'پتے کا نام زیادہ سے زیادہ 50 حروف کا ہو سکتا ہے۔',
  'Address is required.': 'پتا لکھنا ضروری ہے۔',
  'Address is at most 300 characters.': 'پتا زیادہ سے زیادہ 300 حروف کا ہو سکتا ہے۔',
  'City is required.': 'شہر کا نام لکھنا ضروری ہے۔',
  'City is at most 100 characters.': 'شہر کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Postal code is required.': 'پوسٹل کوڈ لکھنا ضروری ہے۔',
  'Postal code is at most 20 characters.': 'پوسٹل کوڈ زیادہ سے زیادہ 20 حروف کا ہو سکتا ہے۔',
  'Phone is required.': 'فون نمبر لکھنا ضروری ہے۔',
  'Enter a mobile number such as 03001234567 or +923001234567.':
    'موبائل نمبر اس طرح لکھیں: 03001234567 یا \u200E+923001234567۔',
  'Address not found.': 'یہ پتا نہیں ملا۔',
  'You can keep at most 20 addresses. Delete one you no longer use to save another.':
    'آپ زیادہ سے زیادہ 20 پتے محفوظ رکھ سکتے ہیں۔ نیا پتا محفوظ کرنے کے لیے کوئی غیر ضروری پتا حذف کر دیں۔',

  // Text in general
  'Use one line of text without control characters.': 'ایک سطر میں لکھیں، کنٹرول حروف کے بغیر۔',
  'Remove the control characters; only tabs and line breaks are allowed.':
    'کنٹرول حروف ہٹا دیں؛ صرف ٹیب اور نئی سطر کی اجازت ہے۔',
  'Enter an amount such as 12500 or 12500.50.': 'رقم اس طرح لکھیں: 12500 یا 12500.50۔',
  'Use a date such as 2026-11-24.': 'تاریخ اس طرح لکھیں: 2026-11-24۔',

  // The catalogue
  'Product not found.': 'یہ پروڈکٹ نہیں ملی۔',
  'Category not found.': 'یہ کیٹیگری نہیں ملی۔',
  'This product has no such image.': 'اس پروڈکٹ کی ایسی کوئی تصویر نہیں۔',
  'Product name is required.': 'پروڈکٹ کا نام لکھنا ضروری ہے۔',
  'Description is required.': 'تفصیل لکھنا ضروری ہے۔',
  'Category is required.': 'کیٹیگری چننا ضروری ہے۔',
  'Category name is required.': 'کیٹیگری کا نام لکھنا ضروری ہے۔',
  'A category name is at most 100 characters.': 'کیٹیگری کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'A category named "{name}" already exists.': '"{name}" نام کی کیٹیگری پہلے سے موجود ہے۔',
  '"{name}" is too close to the category "{other}": both would be "{slug}" in a web address.':
    '"{name}" کیٹیگری "{other}" سے بہت ملتا جلتا ہے: ویب ایڈریس میں دونوں "{slug}" بن جائیں گے۔',
  'The category "{name}" still has 1 product. Move them to another category or delete them first.':
    'کیٹیگری "{name}" میں ابھی 1 پروڈکٹ موجود ہے۔ پہلے اسے کسی اور کیٹیگری میں منتقل کریں یا حذف کر دیں۔',
  'The category "{name}" still has {held} products. Move them to another category or delete them first.':
    'کیٹیگری "{name}" میں ابھی {held} پروڈکٹس موجود ہیں۔ پہلے انہیں کسی اور کیٹیگری میں منتقل کریں یا حذف کر دیں۔',
  'There is no category named "{category}".': '"{category}" نام کی کوئی کیٹیگری موجود نہیں۔',
  'The product form is not valid.': 'پروڈکٹ فارم درست نہیں۔ براہِ کرم نشان زدہ خانے دیکھ لیں۔',
  'Stock must be a whole number.': 'اسٹاک پورے عدد میں لکھیں۔',
  'Stock cannot be negative.': 'اسٹاک منفی نہیں ہو سکتا۔',
  'Lead time must be a whole number of days.': 'تیاری کا وقت پورے دنوں میں لکھیں۔',
  'Lead time cannot be negative.': 'تیاری کا وقت منفی نہیں ہو سکتا۔',
  'Lead time is at most 365 days.': 'تیاری کا وقت زیادہ سے زیادہ 365 دن ہو سکتا ہے۔',
  'Width must be a number.': 'چوڑائی عدد میں لکھیں۔',
  'Width must be above 0.': 'چوڑائی 0 سے زیادہ ہونی چاہیے۔',
  'Width is too large.': 'چوڑائی بہت زیادہ ہے۔',
  'Depth must be a number.': 'گہرائی عدد میں لکھیں۔',
  'Depth must be above 0.': 'گہرائی 0 سے زیادہ ہونی چاہیے۔',
  'Depth is too large.': 'گہرائی بہت زیادہ ہے۔',
  'Height must be a number.': 'اونچائی عدد میں لکھیں۔',
  'Height must be above 0.': 'اونچائی 0 سے زیادہ ہونی چاہیے۔',
  'Height is too large.': 'اونچائی بہت زیادہ ہے۔',
  'Weight must be a number.': 'وزن عدد میں لکھیں۔',
  'Weight must be above 0.': 'وزن 0 سے زیادہ ہونا چاہیے۔',
  'Weight is too large.': 'وزن بہت زیادہ ہے۔',
  'Give width, depth and height together, or none of them.':
    'چوڑائی، گہرائی اور اونچائی تینوں ایک ساتھ لکھیں، یا تینوں خالی چھوڑ دیں۔',
  'Material is at most 60 characters.': 'میٹیریل زیادہ سے زیادہ 60 حروف کا ہو سکتا ہے۔',
  'Colour is at most 60 characters.': 'رنگ زیادہ سے زیادہ 60 حروف کا ہو سکتا ہے۔',
  'Options must be JSON.': 'آپشنز JSON کی صورت میں ہونے چاہییں۔',
  'Every option needs a name.': 'ہر آپشن کا نام ہونا ضروری ہے۔',
  'Every option needs at least one value.': 'ہر آپشن میں کم از کم ایک انتخاب ہونا ضروری ہے۔',
  'Every value needs a label.': 'ہر انتخاب کا نام ہونا ضروری ہے۔',
  'Two options have the same name.': 'دو آپشنز کا نام ایک جیسا ہے۔',
  'An option is named by its id.': 'آپشن اپنی آئی ڈی سے بتایا جاتا ہے۔',
  'Enter a price change such as 4000 or -30000.': 'قیمت میں فرق اس طرح لکھیں: 4000 یا \u200E-30000۔',
  "Option {id} is not one of this product's, or is sent twice.":
    'آپشن {id} اس پروڈکٹ کا نہیں، یا دو بار بھیجا گیا ہے۔',
  "Value {id} is not one of this product's, or is sent twice.":
    'انتخاب {id} اس پروڈکٹ کا نہیں، یا دو بار بھیجا گیا ہے۔',
  'With the cheapest choices the price would be {formatPkr}, below zero.':
    'سب سے سستے انتخاب کے ساتھ قیمت {formatPkr} بنے گی، جو صفر سے کم ہے۔',
  'With the dearest choices the price would be too large.':
    'سب سے مہنگے انتخاب کے ساتھ قیمت حد سے زیادہ ہو جائے گی۔',
  '"{productName}" has no option {unknown}.': '"{productName}" کا کوئی آپشن {unknown} نہیں۔',
  'Choose the {name} of "{productName}".': 'براہِ کرم "{productName}" کا {name} چنیں۔',
  'That {name} is not offered for "{productName}".': 'یہ {name} "{productName}" کے لیے دستیاب نہیں۔',

  // Images and forms
  'Send the product as multipart/form-data.': 'پروڈکٹ multipart/form-data کی صورت میں بھیجیں۔',
  'Send the receipt as multipart/form-data.': 'رسید multipart/form-data کی صورت میں بھیجیں۔',
  'Send the delivery as multipart/form-data.': 'ترسیل multipart/form-data کی صورت میں بھیجیں۔',
  'Send the logo as multipart/form-data.': 'لوگو multipart/form-data کی صورت میں بھیجیں۔',
  'The form is not valid.': 'فارم درست نہیں۔ براہِ کرم نشان زدہ خانے دیکھ لیں۔',
  'The form data could not be read.': 'فارم کی معلومات پڑھی نہیں جا سکیں۔',
  'The field {fieldname} is too long.': 'خانہ {fieldname} بہت لمبا ہے۔',
  'Files go in "{fileField}".': 'فائلیں "{fileField}" میں بھیجیں۔',
  'A file name cannot hold control characters.': 'فائل کے نام میں کنٹرول حروف نہیں ہو سکتے۔',
  'Each image must be at most {megabytes}.': 'ہر تصویر زیادہ سے زیادہ {megabytes} کی ہو سکتی ہے۔',
  'At most {maxFiles} images can be uploaded at once.':
    'ایک وقت میں زیادہ سے زیادہ {maxFiles} تصاویر اپ لوڈ ہو سکتی ہیں۔',
  'Too many fields or files in the form.': 'فارم میں بہت زیادہ خانے یا فائلیں ہیں۔',
  'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.':
    'صرف JPEG، PNG، WebP، GIF یا AVIF تصاویر اپ لوڈ کی جا سکتی ہیں۔',
  'The image could not be read.': 'تصویر پڑھی نہیں جا سکی۔',
  'The image has too many pixels.': 'تصویر میں بہت زیادہ پکسلز ہیں۔',

  // Reviews
  'Review not found.': 'یہ تبصرہ نہیں ملا۔',
  'Choose a rating from 1 to 5.': 'براہِ کرم 1 سے 5 تک ریٹنگ چنیں۔',
  'Please write a comment.': 'براہِ کرم اپنا تبصرہ لکھیں۔',
  'You have already reviewed this product. Edit your review instead.':
    'آپ اس پروڈکٹ پر پہلے ہی تبصرہ کر چکے ہیں۔ براہِ کرم اپنے تبصرے میں ترمیم کریں۔',
  'Only the author can change this review.': 'یہ تبصرہ صرف لکھنے والا ہی بدل سکتا ہے۔',

  // The cart
  'This item is not in your cart.': 'یہ چیز آپ کی کارٹ میں نہیں۔',
  'Quantity must be a whole number.': 'تعداد پورے عدد میں لکھیں۔',
  'Quantity must be at least 1.': 'تعداد کم از کم 1 ہونی چاہیے۔',
  'Quantity cannot be negative.': 'تعداد منفی نہیں ہو سکتی۔',
  'Sorry, "{name}" is out of stock.': 'معذرت، "{name}" اسٹاک میں نہیں رہا۔',
  'Only {stock} of "{name}" in stock.': '"{name}" اسٹاک میں صرف {stock} ہیں۔',
  'Sorry, only {stock} of "{name}" left in stock.': 'معذرت، "{name}" اسٹاک میں صرف {stock} باقی ہیں۔',
  'At most 1000 of "{name}" can be ordered at once.':
    '"{name}" ایک وقت میں زیادہ سے زیادہ 1000 منگوائے جا سکتے ہیں۔',
  'A product in your cart is no longer available.': 'آپ کی کارٹ کی ایک پروڈکٹ اب دستیاب نہیں۔',

  // Checkout, delivery and coupons
  'Your cart is empty.': 'آپ کی کارٹ خالی ہے۔',
  'Choose cash on delivery or bank transfer.': 'کیش آن ڈیلیوری یا بینک ٹرانسفر میں سے ایک چنیں۔',
  'We do not deliver to {city} yet.': 'معذرت، ہم ابھی {city} میں ڈیلیوری نہیں کرتے۔',
  'Cash on delivery is not offered in {city}; please pay by bank transfer.':
    '{city} میں کیش آن ڈیلیوری دستیاب نہیں؛ براہِ کرم بینک ٹرانسفر سے ادائیگی کریں۔',
  'There is no coupon {couponCode}.': '{couponCode} نام کا کوئی کوپن نہیں۔',
  'The coupon {code} has expired.': 'کوپن {code} کی مدت ختم ہو چکی ہے۔',
  'The coupon {code} has been used up.': 'کوپن {code} کے تمام استعمال پورے ہو چکے ہیں۔',
  'The coupon {code} has been used up. The order stays cancelled.':
    'کوپن {code} کے تمام استعمال پورے ہو چکے ہیں۔ آرڈر منسوخ ہی رہے گا۔',
  'The coupon {code} needs a subtotal of at least {formatPkr}.':
    'کوپن {code} کے لیے کم از کم {formatPkr} کی خریداری ضروری ہے۔',
  'An Idempotency-Key is 1 to 200 visible characters, such as a UUID.':
    'Idempotency-Key میں 1 سے 200 تک نظر آنے والے حروف ہوں، مثلاً UUID۔',
  'This Idempotency-Key was already used for a different order.':
    'یہ Idempotency-Key کسی دوسرے آرڈر کے لیے استعمال ہو چکی ہے۔',
  'A city name is at most 100 characters.': 'شہر کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'A delivery zone for {city} already exists.': '{city} کا ڈیلیوری زون پہلے سے موجود ہے۔',
  'Delivery zone not found.': 'یہ ڈیلیوری زون نہیں ملا۔',
  'The earliest delivery is a whole number of days.': 'جلد از جلد ڈیلیوری پورے دنوں میں لکھیں۔',
  'The earliest delivery cannot be negative.': 'جلد از جلد ڈیلیوری منفی نہیں ہو سکتی۔',
  'The earliest delivery is at most 120 days.': 'جلد از جلد ڈیلیوری زیادہ سے زیادہ 120 دن ہو سکتی ہے۔',
  'The latest delivery is a whole number of days.': 'دیر سے دیر ڈیلیوری پورے دنوں میں لکھیں۔',
  'The latest delivery cannot be negative.': 'دیر سے دیر ڈیلیوری منفی نہیں ہو سکتی۔',
  'The latest delivery is at most 120 days.': 'دیر سے دیر ڈیلیوری زیادہ سے زیادہ 120 دن ہو سکتی ہے۔',
  'The latest delivery cannot come before the earliest.':
    'دیر سے دیر ڈیلیوری، جلد از جلد ڈیلیوری سے پہلے نہیں ہو سکتی۔',
  'Bank name is required.': 'بینک کا نام لکھنا ضروری ہے۔',
  'Bank name is at most 100 characters.': 'بینک کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Account title is required.': 'اکاؤنٹ ٹائٹل لکھنا ضروری ہے۔',
  'Account title is at most 150 characters.': 'اکاؤنٹ ٹائٹل زیادہ سے زیادہ 150 حروف کا ہو سکتا ہے۔',
  'Account number is required.': 'اکاؤنٹ نمبر لکھنا ضروری ہے۔',
  'Account number is at most 40 characters.': 'اکاؤنٹ نمبر زیادہ سے زیادہ 40 حروف کا ہو سکتا ہے۔',
  'A Pakistani IBAN is PK, 2 digits and 20 letters or digits.':
    'پاکستانی IBAN میں PK، پھر 2 ہندسے اور پھر 20 حروف یا ہندسے ہوتے ہیں۔',
  'Instructions are at most 500 characters.': 'ہدایات زیادہ سے زیادہ 500 حروف کی ہو سکتی ہیں۔',
  'Coupon not found.': 'یہ کوپن نہیں ملا۔',
  'Coupon code is required.': 'کوپن کوڈ لکھنا ضروری ہے۔',
  'A coupon code is at most 40 characters.': 'کوپن کوڈ زیادہ سے زیادہ 40 حروف کا ہو سکتا ہے۔',
  'A coupon code holds letters, digits, dashes and underscores only.':
    'کوپن کوڈ میں صرف حروف، ہندسے، ڈیش (-) اور انڈر اسکور (_) ہو سکتے ہیں۔',
  'A coupon with the code {code} already exists.': 'کوڈ {code} والا کوپن پہلے سے موجود ہے۔',
  'Enter a date and time such as 2026-12-01T00:00:00Z.': 'تاریخ اور وقت اس طرح لکھیں: 2026-12-01T00:00:00Z۔',
  'Maximum uses is a whole number.': 'زیادہ سے زیادہ استعمال پورے عدد میں لکھیں۔',
  'Maximum uses is at least 1; leave it empty for no limit.':
    'زیادہ سے زیادہ استعمال کم از کم 1 ہو؛ کوئی حد نہ رکھنی ہو تو خالی چھوڑ دیں۔',
  'The discount must be above 0.': 'رعایت 0 سے زیادہ ہونی چاہیے۔',
  'A percent discount is at most 100.': 'فیصد رعایت زیادہ سے زیادہ 100 ہو سکتی ہے۔',
  'The end must come after the start.': 'اختتام کی تاریخ آغاز کے بعد ہونی چاہیے۔',
  'This coupon has been used once, so its maximum uses cannot be lower than that.':
    'یہ کوپن ایک بار استعمال ہو چکا ہے، اس لیے اس کی زیادہ سے زیادہ حد اس سے کم نہیں ہو سکتی۔',
  'This coupon has been used {used} times, so its maximum uses cannot be lower than that.':
    'یہ کوپن {used} بار استعمال ہو چکا ہے، اس لیے اس کی زیادہ سے زیادہ حد اس سے کم نہیں ہو سکتی۔',

  // Orders, receipts and messages
  'Order not found.': 'یہ آرڈر نہیں ملا۔',

  // The order desk: staff orders and the customer's review link
  'Only an owner or a manager can change a price.': 'قیمت صرف مالک یا مینیجر بدل سکتا ہے۔',
  'Only an owner or a manager can give a discount or set the delivery fee.':
    'رعایت دینا یا ڈیلیوری فیس طے کرنا صرف مالک یا مینیجر کا کام ہے۔',
  'Customer not found.': 'یہ گاہک نہیں ملا۔',
  'A customer with this email exists already; choose that customer.':
    'اس ای میل کا گاہک پہلے سے موجود ہے؛ وہی گاہک منتخب کریں۔',
  "Give the customer's mobile number.": 'گاہک کا موبائل نمبر لکھیں۔',
  'This order is no longer a draft.': 'یہ آرڈر اب مسودہ نہیں رہا۔',
  'This link is not valid or has expired.': 'یہ لنک درست نہیں یا اس کی مدت ختم ہو چکی ہے۔',
  'Sign in to pay.': 'ادائیگی کے لیے سائن اِن کریں۔',
  'Accept the order before paying.': 'ادائیگی سے پہلے آرڈر منظور کریں۔',
  'An order comes to at most PKR 9,999,999,999.99.':
    'ایک آرڈر زیادہ سے زیادہ PKR 9,999,999,999.99 کا ہو سکتا ہے۔',
  'Choose phone, WhatsApp or showroom.': 'فون، واٹس ایپ یا شوروم منتخب کریں۔',
  'Choose a customer, or give a new one a first name, a last name and a mobile number.':
    'گاہک منتخب کریں، یا نئے گاہک کا پہلا نام، آخری نام اور موبائل نمبر لکھیں۔',
  'First name is at most 100 characters.': 'پہلا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Last name is at most 100 characters.': 'آخری نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Quantity is at most 1000.': 'تعداد زیادہ سے زیادہ 1000 ہو سکتی ہے۔',
  'A reason is at most 200 characters.': 'وجہ زیادہ سے زیادہ 200 حروف کی ہو سکتی ہے۔',
  'Say why the price is changed.': 'بتائیں کہ قیمت کیوں بدلی گئی ہے۔',
  'Add at least one product.': 'کم از کم ایک پروڈکٹ شامل کریں۔',
  'An order has at most 50 lines.': 'ایک آرڈر میں زیادہ سے زیادہ 50 سطریں ہو سکتی ہیں۔',
  'This link is not valid.': 'یہ لنک درست نہیں۔',
  'Type a name, phone or email.': 'نام، فون یا ای میل لکھیں۔',
  'This order has moved on since the customer asked; the request can only be refused now.':
    'درخواست کے بعد یہ آرڈر آگے بڑھ چکا ہے؛ اب یہ درخواست صرف رد کی جا سکتی ہے۔',
  'A draft keeps its customer; delete it and start a new one for someone else.':
    'مسودہ اپنے گاہک کا ہی رہتا ہے؛ کسی اور کے لیے اسے حذف کر کے نیا آرڈر شروع کریں۔',
  'This order is a draft; confirm it first.': 'یہ آرڈر ابھی مسودہ ہے؛ پہلے اس کی تصدیق کریں۔',
  'Choose Pending, Processing, Shipped, Delivered or Cancelled.':
    'زیرِ التوا، تیاری میں، روانہ، پہنچا دیا گیا یا منسوخ میں سے منتخب کریں۔',
  'Only staff can list every order.': 'تمام آرڈرز کی فہرست صرف عملہ دیکھ سکتا ہے۔',
  'This order is already cancelled.': 'یہ آرڈر پہلے ہی منسوخ ہو چکا ہے۔',
  'This order is cancelled.': 'یہ آرڈر منسوخ ہو چکا ہے۔',
  // Order edits (features/order-desk/edit.ts)
  'This order replaces pieces of claim #{id}; it cannot be changed.':
    'یہ آرڈر کلیم #{id} کی اشیاء کے بدلے میں ہے؛ اس میں تبدیلی نہیں ہو سکتی۔',
  'Change the items, the address, the city or the phone.':
    'اشیاء، پتا، شہر یا فون نمبر میں سے کچھ تبدیل کریں۔',
  'This order is a draft; edit the draft instead.': 'یہ آرڈر ابھی مسودہ ہے؛ اس کی جگہ مسودے میں تبدیلی کریں۔',
  'This order is cancelled; it can no longer be changed.':
    'یہ آرڈر منسوخ ہو چکا ہے؛ اب اس میں تبدیلی نہیں ہو سکتی۔',
  'This order has been shipped; it can no longer be changed.':
    'یہ آرڈر روانہ ہو چکا ہے؛ اب اس میں تبدیلی نہیں ہو سکتی۔',
  'This order has been delivered; it can no longer be changed.':
    'یہ آرڈر پہنچایا جا چکا ہے؛ اب اس میں تبدیلی نہیں ہو سکتی۔',
  'Only a pending order can be changed; write to us and we will change it for you.':
    'صرف زیرِ التوا آرڈر میں تبدیلی ہو سکتی ہے؛ ہمیں پیغام بھیجیں، ہم آپ کے لیے تبدیلی کر دیں گے۔',
  'This order has been invoiced, and an issued invoice never changes: only its address and phone can be changed now. To change its items, cancel it and place a new order.':
    'اس آرڈر کا انوائس جاری ہو چکا ہے اور جاری شدہ انوائس کبھی نہیں بدلتا: اب صرف اس کا پتا اور فون نمبر بدلا جا سکتا ہے۔ اشیاء بدلنے کے لیے اسے منسوخ کر کے نیا آرڈر دیں۔',
  'Only a pending or confirmed order can be cancelled; this one is Shipped.':
    'صرف زیرِ التوا یا تصدیق شدہ آرڈر منسوخ ہو سکتا ہے؛ یہ آرڈر روانہ ہو چکا ہے۔',
  'Only a pending or confirmed order can be cancelled; this one is Delivered.':
    'صرف زیرِ التوا یا تصدیق شدہ آرڈر منسوخ ہو سکتا ہے؛ یہ آرڈر پہنچایا جا چکا ہے۔',
  'Send a status, a payment status or a delivery date.':
    'آرڈر کی صورتِ حال، ادائیگی کی صورتِ حال یا ترسیل کی تاریخ بھیجیں۔',
  'A note is at most 500 characters.': 'نوٹ زیادہ سے زیادہ 500 حروف کا ہو سکتا ہے۔',
  'A receipt can only be uploaded for an order paid by bank transfer.':
    'رسید صرف اسی آرڈر کی اپ لوڈ ہو سکتی ہے جس کی ادائیگی بینک ٹرانسفر سے ہو۔',
  'The payment of this order is already paid.': 'اس آرڈر کی ادائیگی پہلے ہی ہو چکی ہے۔',
  'The payment of this order is already refunded.': 'اس آرڈر کی رقم پہلے ہی واپس کی جا چکی ہے۔',
  'Send one photo of the receipt.': 'رسید کی ایک ہی تصویر بھیجیں۔',
  'Choose a photo of the receipt.': 'رسید کی تصویر چنیں۔',
  'No receipt has been uploaded for this order.': 'اس آرڈر کی کوئی رسید اپ لوڈ نہیں ہوئی۔',

  // The stock ledger
  'A change of 0 units changes nothing.': '0 یونٹ کی تبدیلی سے کچھ نہیں بدلتا۔',
  'A count cannot be negative.': 'گنتی منفی نہیں ہو سکتی۔',
  'A location named {name} already exists.': '{name} نام کی جگہ پہلے سے موجود ہے۔',
  'A name is at most 100 characters.': 'نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Choose a warehouse, a showroom or a workshop.': 'گودام، شوروم یا ورکشاپ میں سے ایک چنیں۔',
  'Choose another location to move to.': 'منتقلی کے لیے کوئی دوسری جگہ چنیں۔',
  'Choose why the stock changes.': 'بتائیں کہ اسٹاک کیوں بدل رہا ہے۔',
  'Give a day as YYYY-MM-DD.': 'تاریخ YYYY-MM-DD کی صورت میں لکھیں۔',
  'Give the units that change, or for a count the number counted.':
    'بدلنے والے یونٹ لکھیں، یا گنتی کی صورت میں گنی گئی تعداد۔',
  'Location not found.': 'یہ جگہ نہیں ملی۔',
  'Move at least one unit.': 'کم از کم ایک یونٹ منتقل کریں۔',
  'Name is required.': 'نام لکھنا ضروری ہے۔',
  'Only 0 of "{name}" are at {place}.': '{place} میں "{name}" کا کوئی یونٹ موجود نہیں۔',
  'Only {held} of "{name}" are at {place}.': '{place} میں "{name}" کے صرف {held} یونٹ موجود ہیں۔',
  'Stock cannot go below 0 at a location.': 'کسی جگہ کا اسٹاک 0 سے کم نہیں ہو سکتا۔',
  'The change is a whole number.': 'تبدیلی پورا عدد ہو۔',
  'The change is at most 1,000,000 units.': 'تبدیلی زیادہ سے زیادہ 1,000,000 یونٹ ہو سکتی ہے۔',
  'The count is a whole number.': 'گنتی پورا عدد ہو۔',
  'The count is at most 1,000,000 units.': 'گنتی زیادہ سے زیادہ 1,000,000 یونٹ ہو سکتی ہے۔',
  'The last location cannot be removed.': 'آخری جگہ ختم نہیں کی جا سکتی۔',
  'The quantity is a whole number.': 'تعداد پورا عدد ہو۔',
  'The quantity is at most 1,000,000 units.': 'تعداد زیادہ سے زیادہ 1,000,000 یونٹ ہو سکتی ہے۔',
  'The threshold is a whole number from 0 to 10,000.': 'حد 0 سے 10,000 تک کا پورا عدد ہو۔',
  'There is no such location.': 'ایسی کوئی جگہ موجود نہیں۔',
  'This product can be ordered now.': 'یہ پروڈکٹ ابھی آرڈر کی جا سکتی ہے۔',
  '{name} has stock history; set it inactive instead.':
    '{name} کی اسٹاک ہسٹری موجود ہے؛ اسے غیر فعال کر دیں۔',
  '{name} still holds {units} units; move them elsewhere first.':
    '{name} میں ابھی {units} یونٹ موجود ہیں؛ پہلے انہیں کہیں اور منتقل کریں۔',

  // The payments ledger
  'An advance of {pkr} is still due; record the payment first, or an owner or a manager can override with a note.':
    'ابھی {pkr} پیشگی ادائیگی باقی ہے؛ پہلے ادائیگی درج کریں، یا مالک یا مینیجر نوٹ لکھ کر اجازت دے سکتا ہے۔',
  'A balance of {pkr} is still due; record the payment first, or an owner or a manager can override with a note.':
    'ابھی {pkr} بقایا رقم باقی ہے؛ پہلے ادائیگی درج کریں، یا مالک یا مینیجر نوٹ لکھ کر اجازت دے سکتا ہے۔',
  'A refund cannot be more than the {pkr} paid and not yet refunded.':
    'رقم کی واپسی ادا شدہ اور ابھی واپس نہ کیے گئے {pkr} سے زیادہ نہیں ہو سکتی۔',
  'That is more than the {pkr} still due; only an owner or a manager can take more, with a note.':
    'یہ باقی {pkr} سے زیادہ ہے؛ اس سے زیادہ رقم صرف مالک یا مینیجر نوٹ کے ساتھ لے سکتا ہے۔',
  'This order is paid in full; only an owner or a manager can take more, with a note.':
    'اس آرڈر کی پوری رقم ادا ہو چکی ہے؛ مزید رقم صرف مالک یا مینیجر نوٹ کے ساتھ لے سکتا ہے۔',
  'Cash on delivery cannot pay the balance in {city}; please pay by bank transfer.':
    '{city} میں بقایا رقم کیش آن ڈیلیوری سے ادا نہیں ہو سکتی؛ براہِ کرم بینک ٹرانسفر سے ادائیگی کریں۔',
  'Enter at most {pkr}, the amount still due.': 'زیادہ سے زیادہ {pkr} لکھیں، جو رقم ابھی باقی ہے۔',
  'Nothing is left to pay on this order.': 'اس آرڈر پر اب کوئی رقم باقی نہیں۔',
  'Payment not found.': 'یہ ادائیگی نہیں ملی۔',
  'Document not found.': 'یہ کاغذ نہیں ملا۔',
  'Choose when an order is confirmed or when it is paid.': 'چنیں: آرڈر کی تصدیق پر یا پوری ادائیگی پر۔',
  'Enter the legal name.': 'قانونی نام درج کریں۔',
  'The legal name is text.': 'قانونی نام متن ہونا چاہیے۔',
  'The legal name is at most 200 characters.': 'قانونی نام زیادہ سے زیادہ 200 حروف کا ہو سکتا ہے۔',
  'Enter the address.': 'پتہ درج کریں۔',
  'The address is text.': 'پتہ متن ہونا چاہیے۔',
  'The address is at most 500 characters.': 'پتہ زیادہ سے زیادہ 500 حروف کا ہو سکتا ہے۔',
  'Enter the phone.': 'فون نمبر درج کریں۔',
  'The phone is text.': 'فون نمبر متن ہونا چاہیے۔',
  'The phone is at most 50 characters.': 'فون نمبر زیادہ سے زیادہ 50 حروف کا ہو سکتا ہے۔',
  'The NTN is text.': 'این ٹی این متن ہونا چاہیے۔',
  'The NTN is at most 20 characters.': 'این ٹی این زیادہ سے زیادہ 20 حروف کا ہو سکتا ہے۔',
  'The STRN is text.': 'ایس ٹی آر این متن ہونا چاہیے۔',
  'The STRN is at most 20 characters.': 'ایس ٹی آر این زیادہ سے زیادہ 20 حروف کا ہو سکتا ہے۔',
  'The sales tax is a percent from 0 to 100.': 'سیلز ٹیکس 0 سے 100 تک کا فیصد ہونا چاہیے۔',
  'The footer is text.': 'فوٹر متن ہونا چاہیے۔',
  'The footer is at most 500 characters.': 'فوٹر زیادہ سے زیادہ 500 حروف کا ہو سکتا ہے۔',
  'Send one image as the logo.': 'لوگو کے لیے ایک ہی تصویر بھیجیں۔',
  'Choose an image for the logo.': 'لوگو کے لیے تصویر منتخب کریں۔',
  'No receipt has been uploaded for this payment.': 'اس ادائیگی کی کوئی رسید اپ لوڈ نہیں ہوئی۔',
  'Payments cannot exceed the order total.': 'ادائیگیاں آرڈر کی کل رقم سے زیادہ نہیں ہو سکتیں۔',
  'Refunds cannot exceed what was paid.': 'واپس کی گئی رقم ادا شدہ رقم سے زیادہ نہیں ہو سکتی۔',
  'This entry is already confirmed.': 'یہ اندراج پہلے ہی تصدیق شدہ ہے۔',
  'This entry is already rejected.': 'یہ اندراج پہلے ہی مسترد ہو چکا ہے۔',
  'Choose a photo or a PDF of the receipt.': 'رسید کی تصویر یا PDF چنیں۔',
  'Send one file of the receipt.': 'رسید کی ایک ہی فائل بھیجیں۔',
  'Send the receipt as a photo (JPEG, PNG, WebP, GIF or AVIF) or a PDF.':
    'رسید تصویر (JPEG، PNG، WebP، GIF یا AVIF) یا PDF کی صورت میں بھیجیں۔',
  'The PDF is incomplete; send it again.': 'یہ PDF نامکمل ہے؛ دوبارہ بھیجیں۔',
  'Choose a payment or a refund.': 'ادائیگی یا رقم کی واپسی میں سے ایک چنیں۔',
  'Choose cash on delivery, bank transfer, cash, card or wallet.':
    'کیش آن ڈیلیوری، بینک ٹرانسفر، نقد، کارڈ یا موبائل والیٹ میں سے ایک چنیں۔',
  'Choose bank transfer or wallet.': 'بینک ٹرانسفر یا موبائل والیٹ میں سے ایک چنیں۔',
  'Choose confirmed or rejected.': 'تصدیق یا مسترد میں سے ایک چنیں۔',
  'Enter an amount above zero.': 'صفر سے زیادہ رقم لکھیں۔',
  'Enter the transfer reference.': 'ٹرانسفر کا حوالہ نمبر لکھیں۔',
  'A reference is at most 100 characters.': 'حوالہ زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  'Say why the payment is rejected.': 'بتائیں کہ ادائیگی کیوں مسترد کی جا رہی ہے۔',
  'Say why the payment rule is overridden.': 'بتائیں کہ ادائیگی کا اصول کیوں نظر انداز کیا جا رہا ہے۔',
  'Record a payment or a refund instead.': 'اس کے بجائے ادائیگی یا رقم کی واپسی درج کریں۔',
  'The advance is a whole number from 0 to 100.': 'پیشگی ادائیگی 0 سے 100 تک کا پورا عدد ہو۔',
  'The advance percent is a whole number from 0 to 100.': 'پیشگی فیصد 0 سے 100 تک کا پورا عدد ہو۔',
  'The made-to-order advance is a whole number from 0 to 100.':
    'آرڈر پر بننے والی چیزوں کی پیشگی ادائیگی 0 سے 100 تک کا پورا عدد ہو۔',
  'A city is text.': 'شہر کا نام لکھیں۔',
  'A city cannot be empty.': 'شہر کا نام خالی نہیں ہو سکتا۔',
  'At most 200 cities.': 'زیادہ سے زیادہ 200 شہر۔',
  'Conversation not found.': 'یہ گفتگو نہیں ملی۔',
  'A message cannot be blank.': 'پیغام خالی نہیں ہو سکتا۔',
  'A message can be at most 2000 characters.': 'پیغام زیادہ سے زیادہ 2000 حروف کا ہو سکتا ہے۔',
  'Your inquiry has been sent. We will reply in your messages soon.':
    'آپ کا پیغام بھیج دیا گیا ہے۔ ہم جلد آپ کے پیغامات میں جواب دیں گے۔',

  // Delivery days and dispatch (docs/api.md)
  'Enter a date as YYYY-MM-DD.': 'تاریخ YYYY-MM-DD کی صورت میں لکھیں۔',
  'At most 366 holidays.': 'زیادہ سے زیادہ 366 چھٹیاں۔',
  'At most 500 categories.': 'زیادہ سے زیادہ 500 کیٹیگریز۔',
  'The floor is a whole number from 0 to 60.': 'منزل 0 سے 60 تک کا پورا عدد ہے۔',
  'Name the vehicle.': 'گاڑی کا نام لکھیں۔',
  'A vehicle is at most 60 characters.': 'گاڑی کا نام زیادہ سے زیادہ 60 حروف کا ہو سکتا ہے۔',
  'Choose at least one order.': 'کم از کم ایک آرڈر منتخب کریں۔',
  'A run has at most 50 stops.': 'ایک چکر میں زیادہ سے زیادہ 50 پڑاؤ ہو سکتے ہیں۔',
  'An order is on a run once.': 'ایک آرڈر چکر میں ایک ہی بار آ سکتا ہے۔',
  'Say why the delivery failed.': 'بتائیں کہ ترسیل کیوں نہ ہو سکی۔',
  'A reason is at most 300 characters.': 'وجہ زیادہ سے زیادہ 300 حروف کی ہو سکتی ہے۔',
  'We cannot deliver on {date}; choose one of the days offered.':
    'ہم {date} کو ترسیل نہیں کر سکتے؛ دیے گئے دنوں میں سے ایک منتخب کریں۔',
  'A delivered or cancelled order keeps its delivery day.':
    'پہنچایا گیا یا منسوخ آرڈر اپنی ترسیل کا دن نہیں بدلتا۔',
  'A delivery day cannot be in the past.': 'ترسیل کا دن گزرا ہوا نہیں ہو سکتا۔',
  'Choose a driver: someone who can drive runs.': 'ڈرائیور منتخب کریں: وہ شخص جو ترسیل کے چکر چلا سکتا ہو۔',
  'There is no order #{id}.': 'آرڈر نمبر {id} موجود نہیں۔',
  'Order #{id} is delivered or cancelled; it cannot go on a run.':
    'آرڈر نمبر {id} پہنچایا جا چکا ہے یا منسوخ ہے؛ یہ چکر میں نہیں جا سکتا۔',
  'Order #{id} is on a run already.': 'آرڈر نمبر {id} پہلے ہی ایک چکر میں ہے۔',
  'A stop of this run is done; the run stays.': 'اس چکر کا ایک پڑاؤ مکمل ہو چکا ہے؛ چکر برقرار رہے گا۔',
  'Run not found.': 'یہ چکر نہیں ملا۔',
  'No stop of yours is planned for this order.': 'اس آرڈر کا آپ کا کوئی پڑاؤ طے نہیں۔',
  'This stop is done already.': 'یہ پڑاؤ پہلے ہی مکمل ہو چکا ہے۔',
  'This stop has no photo.': 'اس پڑاؤ کی کوئی تصویر نہیں۔',
  'Send one photo of the challan.': 'چالان کی ایک ہی تصویر بھیجیں۔',
  'Send the challan as a photo (JPEG, PNG, WebP, GIF or AVIF).':
    'چالان تصویر (JPEG، PNG، WebP، GIF یا AVIF) کی صورت میں بھیجیں۔',
  // Products in a spreadsheet (CSV)
  'A code (SKU) is 1 to 40 letters, digits, dots, dashes or underscores.':
    'کوڈ (SKU) میں 1 سے 40 تک حروف، ہندسے، نقطے، ڈیش یا انڈر اسکور ہوتے ہیں۔',
  'Another product has the code {sku}.': 'کوڈ {sku} پہلے ہی کسی اور پروڈکٹ کا ہے۔',
  'The next store code is taken; give this product a code.':
    'اسٹور کا اگلا کوڈ پہلے سے استعمال میں ہے؛ اس پروڈکٹ کو اپنا کوڈ دیں۔',
  'A product file is at most 5 MB.': 'پروڈکٹس کی فائل زیادہ سے زیادہ 5 MB کی ہو سکتی ہے۔',
  'Another product took one of the file’s codes meanwhile; nothing was imported. Try again.':
    'اسی دوران کسی اور پروڈکٹ نے فائل کا ایک کوڈ لے لیا؛ کچھ بھی درآمد نہیں ہوا۔ دوبارہ کوشش کریں۔',
  'Choose a CSV file.': 'CSV فائل منتخب کریں۔',
  'Send the file as multipart/form-data.': 'فائل multipart/form-data کی صورت میں بھیجیں۔',
  'The file goes in "file".': 'فائل "file" میں بھیجی جاتی ہے۔',
  'The file could not be read as CSV at line {line}.': 'فائل کی سطر {line} پر CSV پڑھی نہ جا سکی۔',
  'The file has no "{missing}" column.': 'فائل میں "{missing}" کالم موجود نہیں۔',
  'The file is empty.': 'فائل خالی ہے۔',
  'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.':
    'فائل UTF-8 متن نہیں۔ اسے "CSV UTF-8" کے طور پر محفوظ کر کے دوبارہ کوشش کریں۔',
  'The file is not a CSV file.': 'یہ CSV فائل نہیں۔',
  'The column "{name}" appears twice.': 'کالم "{name}" دو بار آیا ہے۔',
  'There is no location named "{location}".': '"{location}" نام کی کوئی جگہ موجود نہیں۔',
  'The column "{name}" is not one of the product file\'s.': 'کالم "{name}" پروڈکٹس کی فائل کا کالم نہیں۔',
  'This row has {cells} cells; the header has {columns}.':
    'اس قطار میں {cells} خانے ہیں؛ پہلی قطار میں {columns} ہیں۔',
  'Give every product a code (SKU).': 'ہر پروڈکٹ کو کوڈ (SKU) دیں۔',
  'The code {sku} is also on row {earlier}.': 'کوڈ {sku} قطار {earlier} پر بھی ہے۔',
  'Stock is a whole number from 0 to 1,000,000.': 'اسٹاک 0 سے 1,000,000 تک کا پورا عدد ہوتا ہے۔',
  'Write true or false.': 'true یا false لکھیں۔',
  'A category has one assembly fee.': 'ہر کیٹیگری کی اسمبلی فیس ایک ہی ہوتی ہے۔',
  'There is no category {id}.': 'کیٹیگری {id} موجود نہیں۔',
  'Choose a driver.': 'ڈرائیور منتخب کریں۔',
  'A hand-in cannot be more than the {pkr} the driver holds.':
    'جمع کرائی گئی رقم ڈرائیور کے پاس موجود {pkr} سے زیادہ نہیں ہو سکتی۔',

  // Sales reports
  'Choose day, week, month, product, category, city, channel or payment method.':
    'دن، ہفتہ، مہینہ، پروڈکٹ، کیٹیگری، شہر، ذریعہ یا ادائیگی کا طریقہ میں سے ایک چنیں۔',
  'That day is not on the calendar.': 'یہ تاریخ کیلنڈر میں موجود نہیں۔',
  'Give the first day of the report as YYYY-MM-DD.': 'رپورٹ کا پہلا دن YYYY-MM-DD کی صورت میں لکھیں۔',
  'Give the last day of the report as YYYY-MM-DD.': 'رپورٹ کا آخری دن YYYY-MM-DD کی صورت میں لکھیں۔',
  'The last day cannot come before the first day.': 'آخری دن پہلے دن سے پہلے نہیں ہو سکتا۔',
  'A report covers at most two years.': 'ایک رپورٹ زیادہ سے زیادہ دو سال کی ہو سکتی ہے۔',
  'A file holds at most 20,000 products; split it and import each part.':
    'ایک فائل میں زیادہ سے زیادہ 20,000 پروڈکٹس ہو سکتی ہیں؛ اسے حصوں میں بانٹ کر ہر حصہ الگ درآمد کریں۔',
  'A product of the file was deleted meanwhile; check the file again.':
    'اس دوران فائل کی ایک پروڈکٹ حذف کر دی گئی؛ فائل دوبارہ جانچیں۔',
  'Only the first 500 problems are listed; mend them and check the file again.':
    'صرف پہلے 500 مسائل دکھائے گئے ہیں؛ انہیں درست کر کے فائل دوبارہ جانچیں۔',
  'This order was invoiced and its invoice credited when it was cancelled; place a new order instead.':
    'اس آرڈر کی انوائس جاری ہو چکی تھی اور منسوخی پر اس کا کریڈٹ نوٹ جاری ہو گیا؛ اس کی جگہ نیا آرڈر دیں۔',
  // Claims after delivery and cancelling a confirmed order (features/claims)
  'Claim not found.': 'یہ کلیم نہیں ملا۔',
  'Only a delivered order can have a claim.': 'کلیم صرف اس آرڈر پر ہو سکتا ہے جو پہنچایا جا چکا ہو۔',
  'This order has no delivery in its history; send us a message instead.':
    'اس آرڈر کی ہسٹری میں ڈیلیوری درج نہیں؛ براہِ کرم ہمیں پیغام بھیجیں۔',
  'Damage must be reported within {damage_hours} hours of delivery; that time has passed for this order.':
    'نقصان کی اطلاع ڈیلیوری کے {damage_hours} گھنٹوں کے اندر دینی ہوتی ہے؛ اس آرڈر کے لیے یہ وقت گزر چکا ہے۔',
  'Problems must be reported within {exchange_days} days of delivery; that time has passed for this order.':
    'مسئلے کی اطلاع ڈیلیوری کے {exchange_days} دن کے اندر دینی ہوتی ہے؛ اس آرڈر کے لیے یہ وقت گزر چکا ہے۔',
  'The store does not take pieces back for a change of mind.':
    'ارادہ بدلنے کی صورت میں اسٹور سامان واپس نہیں لیتا۔',
  '"{name}" was made to order; the store does not take it back.':
    '"{name}" آرڈر پر تیار کیا گیا تھا؛ اسٹور اسے واپس نہیں لیتا۔',
  'Choose each item once.': 'ہر چیز ایک ہی بار چنیں۔',
  'Choose items of this order.': 'اسی آرڈر کی چیزیں چنیں۔',
  'Only {left} of "{name}" can still be claimed.': '"{name}" کے صرف {left} یونٹ پر ابھی کلیم ہو سکتا ہے۔',
  '"{name}" is already in another claim.': '"{name}" پہلے ہی کسی اور کلیم میں شامل ہے۔',
  'Send the claim as multipart/form-data.': 'کلیم multipart/form-data کی صورت میں بھیجیں۔',
  'Send at most 6 photos; "{name}" is one too many.':
    'زیادہ سے زیادہ 6 تصاویر بھیجیں؛ "{name}" ایک زیادہ ہے۔',
  'Send one video only; "{name}" is a second one.': 'صرف ایک ویڈیو بھیجیں؛ "{name}" دوسری ویڈیو ہے۔',
  '"{name}" is not an MP4, WebM or MOV video.': '"{name}" MP4، WebM یا MOV ویڈیو نہیں ہے۔',
  '"{name}" is neither a photo (JPEG, PNG, WebP, GIF or AVIF) nor a video (MP4, WebM or MOV).':
    '"{name}" نہ تصویر (JPEG، PNG، WebP، GIF یا AVIF) ہے نہ ویڈیو (MP4، WebM یا MOV)۔',
  '"{name}" could not be read as a photo.': '"{name}" تصویر کے طور پر پڑھی نہیں جا سکی۔',
  '"{name}" has too many pixels.': '"{name}" میں پکسلز حد سے زیادہ ہیں۔',
  '"{name}" is larger than {sizeOf}; a video can be at most {sizeOf}.':
    '"{name}" کا سائز {sizeOf} سے زیادہ ہے؛ ویڈیو زیادہ سے زیادہ {sizeOf} کی ہو سکتی ہے۔',
  '"{name}" is larger than {sizeOf}; a photo can be at most {sizeOf}.':
    '"{name}" کا سائز {sizeOf} سے زیادہ ہے؛ تصویر زیادہ سے زیادہ {sizeOf} کی ہو سکتی ہے۔',
  'A video can be at most {sizeOf}.': 'ویڈیو زیادہ سے زیادہ {sizeOf} کی ہو سکتی ہے۔',
  'This claim is already resolved.': 'یہ کلیم پہلے ہی نمٹایا جا چکا ہے۔',
  'This claim was rejected; it cannot move on.': 'یہ کلیم مسترد ہو چکا ہے؛ اسے آگے نہیں بڑھایا جا سکتا۔',
  'A claim cannot go back to requested.': 'کلیم واپس ابتدائی درخواست کی حالت میں نہیں جا سکتا۔',
  'Only a requested claim can be approved.': 'صرف نیا درخواست شدہ کلیم منظور کیا جا سکتا ہے۔',
  'Only a requested claim can be rejected.': 'صرف نیا درخواست شدہ کلیم مسترد کیا جا سکتا ہے۔',
  'Only an approved claim can have its pickup scheduled.':
    'سامان اٹھانے کی تاریخ صرف منظور شدہ کلیم کے لیے رکھی جا سکتی ہے۔',
  'Only an approved claim, or one waiting for its pickup, can be marked received.':
    'صرف منظور شدہ کلیم، یا جس کا سامان اٹھایا جانا ہو، وصول شدہ درج کیا جا سکتا ہے۔',
  'Only an approved or received claim can be resolved.':
    'صرف منظور شدہ یا وصول شدہ کلیم ہی نمٹایا جا سکتا ہے۔',
  'Give the amount to refund.': 'واپس کی جانے والی رقم لکھیں۔',
  'Return only items of this claim.': 'صرف اسی کلیم کی چیزیں واپس کریں۔',
  'Only {quantity} of "{name}" are in this claim.': 'اس کلیم میں "{name}" کے صرف {quantity} یونٹ ہیں۔',
  'Choose the location each returned piece goes back to.': 'ہر واپس آنے والی چیز کی جگہ چنیں۔',
  '"{name}" is no longer in the catalogue; write it off instead.':
    '"{name}" اب کیٹلاگ میں نہیں؛ اسے ضائع شدہ درج کریں۔',
  '"{productName}" is no longer in the catalogue; it cannot be sent again.':
    '"{productName}" اب کیٹلاگ میں نہیں؛ اسے دوبارہ نہیں بھیجا جا سکتا۔',
  'You already asked to cancel this order; the store will answer soon.':
    'آپ اس آرڈر کی منسوخی کی درخواست پہلے ہی دے چکے ہیں؛ اسٹور جلد جواب دے گا۔',
  'This order has no request to cancel waiting for an answer.':
    'اس آرڈر کی منسوخی کی کوئی درخواست جواب کی منتظر نہیں۔',
  'Only a pending or confirmed order can be cancelled; this one is Draft.':
    'صرف زیرِ التوا یا تصدیق شدہ آرڈر منسوخ ہو سکتا ہے؛ یہ آرڈر ابھی مسودہ ہے۔',
  'Only a pending or confirmed order can be cancelled; this one is Processing.':
    'صرف زیرِ التوا یا تصدیق شدہ آرڈر منسوخ ہو سکتا ہے؛ یہ آرڈر تیاری میں ہے۔',
  // The claim forms' own checks (packages/contract/src/claims.ts)
  'Choose a claim status.': 'کلیم کی حالت چنیں۔',
  'Choose damaged, wrong item, defect or changed my mind.':
    'نقصان، غلط چیز، خرابی یا ارادہ بدلنا میں سے ایک چنیں۔',
  'Choose a replacement, a repair or a refund.': 'تبدیلی، مرمت یا رقم کی واپسی میں سے ایک چنیں۔',
  'Choose replace, repair, refund or none.': 'تبدیلی، مرمت، رقم کی واپسی یا کچھ نہیں میں سے ایک چنیں۔',
  'Describe the problem.': 'مسئلہ بیان کریں۔',
  'A description is at most 2000 characters.': 'تفصیل زیادہ سے زیادہ 2000 حروف کی ہو سکتی ہے۔',
  'Choose the items with the problem.': 'وہ چیزیں چنیں جن میں مسئلہ ہے۔',
  'Choose back to stock or written off.': 'اسٹاک میں واپس یا ضائع شدہ میں سے ایک چنیں۔',
  'Say why the claim is rejected.': 'بتائیں کہ کلیم کیوں مسترد کیا جا رہا ہے۔',
  'Choose the pickup date.': 'سامان اٹھانے کی تاریخ چنیں۔',
  'Choose how the claim is resolved.': 'چنیں کہ کلیم کیسے نمٹایا جائے۔',
  'The damage window is a whole number from 0 to 8760.': 'نقصان کی اطلاع کی مدت 0 سے 8760 تک کا پورا عدد ہو۔',
  'The exchange window is a whole number from 0 to 365.': 'تبدیلی کی مدت 0 سے 365 تک کا پورا عدد ہو۔',
  'The cancellation fee is a whole number from 0 to 100.': 'منسوخی کی فیس 0 سے 100 تک کا پورا عدد ہو۔',
  'Say whether a change of mind is accepted.': 'بتائیں کہ ارادہ بدلنے پر واپسی قبول ہے یا نہیں۔',
  'Say whether made-to-order pieces can be returned.':
    'بتائیں کہ آرڈر پر تیار کی گئی چیزیں واپس ہو سکتی ہیں یا نہیں۔',
  'Choose approve or refuse.': 'منظور یا نامنظور میں سے ایک چنیں۔',
  'Say why the cancellation is refused.': 'بتائیں کہ منسوخی کیوں نامنظور کی جا رہی ہے۔',
}

/**
 * Zod's own English messages (its `en` locale), for the checks our schemas leave to zod (a length
 * without a message, a wrong type, an unknown field). They are what the API and the web app's forms
 * show when no sentence of ours applies. A `<=` template comes before its `<` one, which would match
 * it too.
 */
export const urduZodMessages: SentenceCatalog = {
  'Invalid input': 'یہ اندراج درست نہیں۔',
  'Invalid input: expected {expected}, received undefined': 'یہ خانہ بھرنا ضروری ہے۔',
  'Invalid input: expected {expected}, received {received}': 'اس خانے میں درست قسم کا اندراج کریں۔',
  'Invalid input: expected {value}': 'یہ اندراج درست نہیں۔',
  'Invalid option: expected one of {options}': 'دیے گئے انتخاب میں سے ایک چنیں: {options}',
  'Too big: expected string to have <={maximum} characters': 'زیادہ سے زیادہ {maximum} حروف لکھیں۔',
  'Too small: expected string to have >={minimum} characters': 'کم از کم {minimum} حروف لکھیں۔',
  'Too big: expected array to have <={maximum} items': 'زیادہ سے زیادہ {maximum} چیزیں دی جا سکتی ہیں۔',
  'Too small: expected array to have >={minimum} items': 'کم از کم {minimum} چیزیں دینا ضروری ہے۔',
  'Too big: expected number to be <={maximum}': 'یہ عدد زیادہ سے زیادہ {maximum} ہو سکتا ہے۔',
  'Too big: expected number to be <{maximum}': 'یہ عدد {maximum} سے کم ہونا چاہیے۔',
  'Too small: expected number to be >={minimum}': 'یہ عدد کم از کم {minimum} ہونا چاہیے۔',
  'Too small: expected number to be >{minimum}': 'یہ عدد {minimum} سے زیادہ ہونا چاہیے۔',
  'Invalid string: must match pattern {pattern}': 'یہ اندراج درست شکل میں نہیں۔',
  'Invalid email address': 'براہِ کرم درست ای میل ایڈریس لکھیں۔',
  'Invalid ISO datetime': 'تاریخ اور وقت درست شکل میں لکھیں۔',
  'Invalid key in record': 'اس فہرست میں ایک نام درست نہیں۔',
  'Unrecognized key: {key}': 'یہ خانہ قبول نہیں کیا جاتا: {key}',
  'Unrecognized keys: {keys}': 'یہ خانے قبول نہیں کیے جاتے: {keys}',
}

/** The API's and the contract's sentences in Urdu (see sentences.ts). */
export const urduSentences: SentenceCatalog = { ...apiSentences, ...urduZodMessages }
