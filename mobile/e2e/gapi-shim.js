// Stand-in for https://apis.google.com/js/api.js in the end-to-end tests (these machines have
// no internet). The Firebase SDK's popup/redirect code and the Auth emulator's helper iframe
// use only gapi.load('gapi.iframes') and gapi.iframes' cross-frame messaging (open an iframe,
// register handlers, send messages, ping). This implements that over postMessage; everything
// else in the Google sign-in flow is the real SDK and the real emulator.
(function () {
  if (window.gapi && window.gapi.iframes) return;
  var TAG = '__gapiIframesShim';
  var peers = [];

  function Iframe(win) {
    this.win = win;
    this.handlers = {};
    this.queued = {};
    this.pending = {};
    this.seq = 0;
    peers.push(this);
  }
  // Like gapi, a message for a handler not registered yet waits for it.
  Iframe.prototype.register = function (name, fn) {
    this.handlers[name] = fn;
    var waiting = this.queued[name] || [];
    delete this.queued[name];
    waiting.forEach(function (answer) {
      answer(fn);
    });
  };
  Iframe.prototype.send = function (name, data, callback) {
    var id = String(++this.seq) + ':' + Math.random();
    this.pending[id] = callback;
    var msg = {};
    msg[TAG] = 'req';
    msg.id = id;
    msg.name = name;
    msg.data = data;
    this.win.postMessage(msg, '*');
  };
  Iframe.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      self.send('__ping', {}, function (r) {
        if (callback) callback(r);
        resolve(r);
      });
    });
  };
  Iframe.prototype.restyle = function () {
    return Promise.resolve();
  };

  function peerFor(win) {
    for (var i = 0; i < peers.length; i++) if (peers[i].win === win) return peers[i];
    return new Iframe(win);
  }

  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || typeof m !== 'object' || !m[TAG]) return;
    var peer = peerFor(e.source);
    if (m[TAG] === 'req') {
      var source = e.source;
      var answer = function (handler) {
        Promise.resolve(handler(m.data)).then(function (r) {
          var reply = {};
          reply[TAG] = 'res';
          reply.id = m.id;
          reply.result = [r];
          source.postMessage(reply, '*');
        });
      };
      if (m.name === '__ping') answer(function () {
        return { status: 'ACK' };
      });
      else if (peer.handlers[m.name]) answer(peer.handlers[m.name]);
      else (peer.queued[m.name] = peer.queued[m.name] || []).push(answer);
    } else if (m[TAG] === 'res') {
      var cb = peer.pending[m.id];
      delete peer.pending[m.id];
      // Like gapi, an exception in a callback stays inside it (the SDK's webStorageSupport
      // callback throws after answering).
      try {
        if (cb) cb(m.result);
      } catch (err) {
        /* swallowed */
      }
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attrs = (options && options.attributes) || {};
      frame.style.position = 'absolute';
      frame.style.width = '1px';
      frame.style.height = '1px';
      frame.style.left = '-100px';
      frame.style.top = '-100px';
      Object.keys(attrs).forEach(function (k) {
        if (typeof attrs[k] === 'string') frame.setAttribute(k, attrs[k]);
      });
      var iframe;
      var loaded = new Promise(function (resolve) {
        frame.addEventListener('load', resolve, { once: true });
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      iframe = new Iframe(frame.contentWindow);
      return loaded.then(function () {
        return onOpen ? onOpen(iframe) : iframe;
      });
    },
    getParentIframe: function () {
      return peerFor(window.parent);
    },
  };

  window.gapi = {
    load: function (_name, opts) {
      setTimeout(function () {
        if (typeof opts === 'function') opts();
        else if (opts && opts.callback) opts.callback();
      }, 0);
    },
    iframes: {
      getContext: function () {
        return context;
      },
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: Iframe,
    },
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src && /[?&]onload=([^&]+)/.exec(src);
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
