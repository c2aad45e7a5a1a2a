(function () {
  'use strict';
  // The same rules as the API (CartRules / CjkNames / ChinaContact), checked here first so the
  // buyer sees the problem at once; the server checks again and has the last word.
  var CJK = '\u2E80-\u2FD5\u3190-\u319F\u3400-\u4DBF\u4E00-\u9FCC\uF900-\uFAAD';
  var DOT = '\u00B7\u30FB';
  var NAME = new RegExp('^[' + CJK + '](?:[' + CJK + ']| (?! )|[' + DOT + '](?=[' + CJK + ']))*$');
  var STREET = new RegExp('^[' + CJK + 'A-Za-z0-9](?:[' + CJK + 'A-Za-z0-9\\-#,.\uFF0C\uFF08\uFF09\uFF0D\uFF03]| (?! )|[' + DOT + '](?=[' + CJK + 'A-Za-z0-9]))*$');
  var MOBILE = /^(?:\+86 ?|86)?1[3-9][0-9]{9}$/;
  var POSTCODE = /^[0-8][0-9]{5}$/;
  var MESSAGES = {
    name: ['请用中文填写（少数民族姓名可含间隔号“·”）', 'Please write it in Chinese characters (a middle dot is allowed)'],
    streetAddress: ['请用中文、字母或数字填写详细地址', 'Please use Chinese characters, letters or digits'],
    phoneNumber: ['请填写中国大陆手机号码（可加 +86）', 'Please enter a mainland China mobile number (optionally +86)'],
    postcode: ['邮编为 6 位数字', 'The postcode has 6 digits'],
    consent: ['请同意海关申报后再支付', 'Please consent to the customs declaration before paying'],
    other: ['请检查此项', 'Please check this field']
  };
  var RULES = {
    'receiver.name': [NAME, 'name'], 'receiver.phoneNumber': [MOBILE, 'phoneNumber'], streetAddress: [STREET, 'streetAddress'],
    district: [NAME, 'name'], city: [NAME, 'name'], province: [NAME, 'name'], country: [NAME, 'name'], postcode: [POSTCODE, 'postcode']
  };
  var cartId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
  var token = new URLSearchParams(location.search).get('token') || '';
  var base = location.pathname.replace(/\/$/, '');
  var query = '?token=' + encodeURIComponent(token);
  var cancelUrl = null;

  function $(id) { return document.getElementById(id); }
  function text(v) { return v === null || v === undefined ? '' : String(v); }
  function money(v, currency) { return v === null || v === undefined ? '' : Number(v).toFixed(2) + ' ' + currency; }
  function showError(field, kind, serverMessage) {
    var m = MESSAGES[kind] || MESSAGES.other;
    var el = $('err-' + field);
    if (el) { el.textContent = m[0] + ' / ' + m[1] + (serverMessage ? ' (' + serverMessage + ')' : ''); }
    var input = document.querySelector('[data-field="' + field + '"]');
    if (input) { input.classList.add('invalid'); input.setAttribute('aria-invalid', 'true'); }
  }
  function clearErrors() {
    Array.prototype.forEach.call(document.querySelectorAll('.error'), function (e) { e.textContent = ''; });
    Array.prototype.forEach.call(document.querySelectorAll('.invalid'), function (e) {
      e.classList.remove('invalid'); e.removeAttribute('aria-invalid');
    });
  }
  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (c, i) { var td = document.createElement('td'); td.textContent = c; if (i > 0) { td.className = 'num'; } tr.appendChild(td); });
    return tr;
  }
  function render(d) {
    cancelUrl = d.cancelUrl;
    d.products.forEach(function (p) {
      var line = Number(p.priceBeforeTax) * Number(p.quantity);
      $('lines').appendChild(row([text(p.productId) + (p.skuNumber ? ' (' + p.skuNumber + ')' : ''), text(p.quantity),
        money(p.priceBeforeTax, d.currency), money(line, d.currency)]));
    });
    var productDiscounts = d.products.reduce(function (sum, p) { return sum + Number(p.discount || 0); }, 0);
    [['商品合计 Subtotal', d.totalPriceBeforeShippingTaxAndDiscount],
     ['商品优惠 Product discounts', productDiscounts > 0 ? productDiscounts : null], ['优惠 Discount', d.discount], ['税费 Tax', d.tax],
     ['运费 Shipping', d.shipping], ['应付 Total to pay', d.totalToPay]].forEach(function (t) {
      if (t[1] !== null && t[1] !== undefined) { $('totals').appendChild(row([t[0], '', '', money(t[1], d.currency)])); }
    });
    var cny = row(['人民币 In CNY (' + d.exchangeRate + ', ' + d.rateDate + ')', '', '', money(d.totalToPayCny, 'CNY')]);
    cny.id = 'total-cny'; cny.className = 'total'; $('totals').appendChild(cny);
    $('payer-name').textContent = d.payer.name;
    $('payer-phone').textContent = d.payer.phoneNumber;
    $('payer-id').textContent = d.payer.nationalId;
    var a = d.shippingAddress;
    $('receiver-name').value = text(a.receiver && a.receiver.name);
    $('receiver-phone').value = text(a.receiver && a.receiver.phoneNumber);
    $('street').value = text(a.streetAddress);
    $('district').value = text(a.district);
    $('city').value = text(a.city);
    $('province').value = text(a.province);
    $('country').value = text(a.country);
    $('postcode').value = text(a.postcode);
    $('form').hidden = false;
  }
  function address() {
    return {
      receiver: { name: $('receiver-name').value.trim(), phoneNumber: $('receiver-phone').value.trim() },
      streetAddress: $('street').value.trim(), district: $('district').value.trim(), city: $('city').value.trim(),
      province: $('province').value.trim(), country: $('country').value.trim(), postcode: $('postcode').value.trim()
    };
  }
  function valueOf(a, field) { return field.split('.').reduce(function (o, k) { return o && o[k]; }, a); }
  function pay() {
    clearErrors();
    var a = address();
    var ok = true;
    Object.keys(RULES).forEach(function (field) {
      if (!RULES[field][0].test(text(valueOf(a, field)))) { showError(field, RULES[field][1]); ok = false; }
    });
    if (!$('consent').checked) { showError('consent', 'consent'); ok = false; }
    if (!ok) { return; }
    $('pay').disabled = true;
    fetch(base + '/confirm' + query, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shippingAddress: a, consent: true }) })
      .then(function (r) { return r.json().then(function (b) { return { status: r.status, body: b }; }); })
      .then(function (r) {
        if (r.status === 200) { location.href = r.body.data.paymentUrl; return; }
        $('pay').disabled = false;
        var field = r.body.data && r.body.data.field ? r.body.data.field.replace(/^shippingAddress\./, '') : null;
        var kind = field === 'consent' ? 'consent' : field && RULES[field] ? RULES[field][1] : 'other';
        if (field) { showError(field, kind, r.body.message); } else { $('notice').textContent = r.body.message; }
      })
      .catch(function () { $('pay').disabled = false; $('notice').textContent = '网络错误，请重试 / Network error, please try again'; });
  }
  $('pay').addEventListener('click', pay);
  $('cancel').addEventListener('click', function () { if (cancelUrl) { location.href = cancelUrl; } });
  fetch(base + '/data' + query)
    .then(function (r) { return r.json().then(function (b) { return { status: r.status, body: b }; }); })
    .then(function (r) {
      if (r.status === 200) { render(r.body.data); }
      else { $('notice').textContent = '链接无效或已过期 / This link is invalid or has expired'; }
    })
    .catch(function () { $('notice').textContent = '网络错误，请刷新 / Network error, please reload'; });
})();
