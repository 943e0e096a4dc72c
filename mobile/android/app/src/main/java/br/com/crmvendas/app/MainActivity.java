package br.com.crmvendas.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
